import { describe, expect, it } from 'vitest';
import { mentionMarkup, mentionQuery, mentionedUserIds, mentionsAsText, messageExcerpt } from './mention.ts';

describe('mentionedUserIds', () => {
  it('finds each mentioned user once, in order of appearance', () => {
    const text = 'Hi @[Vera Vendor](UR-123-456-789), please ask @[Paul](UR-111-222) and @[Vera](UR-123-456-789).';
    expect(mentionedUserIds(text)).toEqual(['UR-123-456-789', 'UR-111-222']);
  });

  it('reads mentions anywhere markdown shows a link: lists, quotes, emphasis in the name, line starts', () => {
    const text = '@[Ann](UR-1-1)\n\n- item for @[**Bo**](UR-2-2)\n\n> quoted @[Cy](UR-3-3)\n\n(@[Di](UR-4-4))';
    expect(mentionedUserIds(text)).toEqual(['UR-1-1', 'UR-2-2', 'UR-3-3', 'UR-4-4']);
  });

  it('ignores links without the @, links to anything but a user id, and code shown as typed', () => {
    const text = [
      'a plain link [Vera](UR-123-456), a mail @[Vera](mailto:vera@x.test), @[Acc](PA-123-456)',
      'inline `@[Vera](UR-123-456)` and',
      '```',
      '@[Paul](UR-111-222)',
      '```',
      '    @[Indented](UR-333-444)',
      '@[Not closed(UR-555-666)',
    ].join('\n');
    expect(mentionedUserIds(text)).toEqual([]);
  });

  it('is empty for text without mentions', () => {
    expect(mentionedUserIds('')).toEqual([]);
    expect(mentionedUserIds('write to me@example.com')).toEqual([]);
  });
});

describe('mentionMarkup', () => {
  it('writes the mention of a user, its name safe inside the link text', () => {
    expect(mentionMarkup({ id: 'UR-123-456', name: 'Vera Vendor' })).toBe('@[Vera Vendor](UR-123-456)');
    expect(mentionMarkup({ id: 'UR-1-2', name: 'Team [EU]\nops' })).toBe('@[Team EU ops](UR-1-2)');
    expect(mentionMarkup({ id: 'UR-1-2', name: '  ' })).toBe('@[UR-1-2](UR-1-2)');
  });

  it('round-trips through the parser', () => {
    expect(mentionedUserIds(`Hello ${mentionMarkup({ id: 'UR-9-8', name: 'Max [Multi]' })}`)).toEqual(['UR-9-8']);
  });
});

describe('plain text of a message', () => {
  it('shows mentions as @Name', () => {
    expect(mentionsAsText('Ask @[Vera Vendor](UR-123-456) and [docs](https://x.test)')).toBe(
      'Ask @Vera Vendor and [docs](https://x.test)',
    );
  });

  it('makes one line of it, cut at 100 symbols (spec §9)', () => {
    expect(messageExcerpt('@[Vera](UR-1-1)\n\n  please   check\tthis')).toBe('@Vera please check this');
    const long = messageExcerpt(`@[Vera](UR-1-1) ${'x'.repeat(200)}`);
    expect(Array.from(long)).toHaveLength(101);
    expect(long.startsWith('@Vera xxx')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('mentionQuery', () => {
  const at = (text: string) => mentionQuery(text, text.length);

  it('is the name typed after an @ that starts a word, up to the caret', () => {
    expect(at('@')).toEqual({ start: 0, query: '' });
    expect(at('Hi @ve')).toEqual({ start: 3, query: 've' });
    expect(at('Hi @Vera V')).toEqual({ start: 3, query: 'Vera V' });
    expect(at('line\n(@pa')).toEqual({ start: 6, query: 'pa' });
    expect(mentionQuery('Hi @ve and more', 6)).toEqual({ start: 3, query: 've' });
  });

  it('is null outside a mention being typed', () => {
    expect(at('')).toBeNull();
    expect(at('no at here')).toBeNull();
    expect(at('mail me@exa')).toBeNull();
    expect(at('@ space first')).toBeNull();
    expect(at('@ve\nnext line')).toBeNull();
    expect(at('done @[Vera](UR-1-1) ')).toBeNull();
    expect(at(`@${'x'.repeat(41)}`)).toBeNull();
    expect(mentionQuery('Hi @ve', 2)).toBeNull();
  });
});
