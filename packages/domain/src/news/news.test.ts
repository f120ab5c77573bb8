import { describe, expect, it } from 'vitest';
import { blockquoteDepth, blockquoteIssue } from '../format/markdown-rules.ts';
import { authorAudiences, readerAudiences } from './post.ts';

describe('blockquote depth (spec §9: at most 3)', () => {
  it.each<[string, number]>([
    ['plain text', 0],
    ['> one', 1],
    ['>> two, no space', 2],
    ['> > > three', 3],
    ['   > > > > four, indented 3', 4],
    ['    > code block, indented 4', 0],
    ['```\n> > > > fenced\n```', 0],
    ['~~~~\n> > > > fenced\n~~~\n> > > > still fenced\n~~~~\n> after', 1],
    ['text > not a quote', 0],
  ])('%j → %i', (text, depth) => expect(blockquoteDepth(text)).toBe(depth));

  it('names the rule only beyond 3 levels', () => {
    expect(blockquoteIssue('> > > three')).toBeNull();
    expect(blockquoteIssue('> > > > four')).toBe('Blockquotes nest at most 3 levels deep.');
  });
});

describe('audiences', () => {
  it('an author writes to where its partners are', () => {
    expect(authorAudiences('vendor')).not.toContain('vendor');
    expect(authorAudiences('provider')).not.toContain('distributor');
    expect(authorAudiences('provider')).not.toContain('reseller');
  });

  it('a reader gets what names its side or its roles', () => {
    expect(readerAudiences('vendor', ['vendor']).sort()).toEqual(['any', 'vendor']);
    expect(readerAudiences('provider', ['distributor', 'reseller']).sort()).toEqual(['any', 'distributor', 'reseller']);
    expect(readerAudiences('provider', ['reseller']).sort()).toEqual(['any', 'reseller']);
  });
});
