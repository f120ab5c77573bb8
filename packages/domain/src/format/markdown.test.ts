import { describe, expect, it } from 'vitest';
import { MAX_NESTED_BLOCKQUOTES } from './constants.ts';
import { messageToHtml } from './markdown.ts';

describe('conversation messages as HTML', () => {
  it(`nest blockquotes at most ${MAX_NESTED_BLOCKQUOTES} deep, keeping the deeper quotes' text`, () => {
    const html = messageToHtml('> > > > > the first question\n\nthe answer');
    expect(html.match(/<blockquote>/g)).toHaveLength(MAX_NESTED_BLOCKQUOTES);
    expect(html.match(/<\/blockquote>/g)).toHaveLength(MAX_NESTED_BLOCKQUOTES);
    expect(html).toContain('<p>the first question</p>');
    expect(messageToHtml('> > one and two')).toBe(
      '<blockquote>\n<blockquote>\n<p>one and two</p>\n</blockquote>\n</blockquote>\n',
    );
  });

  it('show raw HTML as text and refuse script links, so the HTML is safe to show', () => {
    const html = messageToHtml('<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))');
    // what would run is text: no tag, no event-handler attribute, no script link
    expect(html).not.toMatch(/<script|<img|<[^>]*onerror|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('keep line breaks as typed', () => {
    expect(messageToHtml('line one\nline two')).toBe('<p>line one<br>\nline two</p>\n');
  });
});
