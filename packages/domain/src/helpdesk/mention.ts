import MarkdownIt from 'markdown-it';
import { truncate } from '../format/truncate.ts';

// Mentions in a conversation message's markdown: `@[Display Name](UR-123-456-789)`, an `@` right before a link
// whose target is a user's id. The name is what readers see; the id is who is meant (and notified by e-mail). What
// markdown shows as typed (code spans and blocks) mentions nobody, exactly as the rendered message shows no mention.

/** A user's id as a mention's link target. */
const USER_ID = /^UR-\d+(?:-\d+)*$/;
/** The same mention in raw text (for plain-text excerpts; code is not told apart there). */
const MENTION_TEXT = /@\[([^[\]\n]+)\]\((UR-\d+(?:-\d+)*)\)/g;
/** Characters a typed name may hold after `@` while the picker looks for it. */
const QUERY_MAX = 40;

const md = new MarkdownIt({ html: false, linkify: false });

/** The users a message mentions, by id, each once, in the order they first appear. */
export function mentionedUserIds(text: string): string[] {
  const ids = new Set<string>();
  for (const block of md.parse(text, {})) {
    const inline = block.children ?? [];
    inline.forEach((token, i) => {
      if (token.type !== 'link_open' || i === 0) return;
      const before = inline[i - 1];
      const href = String(token.attrGet('href') ?? '');
      if (before.type === 'text' && before.content.endsWith('@') && USER_ID.test(href)) ids.add(href);
    });
  }
  return [...ids];
}

/** What the composer inserts for a user: the name without what would end the link text early. */
export function mentionMarkup(user: { id: string; name: string }): string {
  const name = user.name.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim() || user.id;
  return `@[${name}](${user.id})`;
}

/** The message as plain text reads it: each mention as `@Name`. */
export const mentionsAsText = (text: string) => text.replace(MENTION_TEXT, (_m, name: string) => `@${name}`);

/**
 * A short plain-text excerpt of a message (an e-mail's quote): mentions as `@Name`, all white space as one space,
 * cut at the default truncation of spec §9.
 */
export const messageExcerpt = (text: string) => truncate(mentionsAsText(text).replace(/\s+/g, ' ').trim());

export interface MentionQuery {
  /** Where the `@` stands. */
  start: number;
  /** What is typed after it, up to the caret. */
  query: string;
}

/**
 * The mention being typed just before the caret: an `@` at the start of a line or after a space or an opening
 * bracket, then up to 40 characters of a name on the same line (no `@`, brackets or parentheses). Null otherwise.
 */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (query.length > QUERY_MAX || /[\n@[\]()]/.test(query) || /^\s/.test(query)) return null;
  if (at > 0 && !/[\s([{]/.test(before[at - 1])) return null;
  return { start: at, query };
}
