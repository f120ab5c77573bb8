import { MAX_NESTED_BLOCKQUOTES } from './constants.ts';

// Markdown rules of what partners write to each other (news posts, conversation messages; spec §9): blockquotes
// nest at most MAX_NESTED_BLOCKQUOTES deep. Lines inside fenced code are left alone, since `>` there is code.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTES = /^ {0,3}((?:> ?)+)/;

/** The deepest blockquote nesting of a markdown text (0: no blockquote). */
export function blockquoteDepth(markdown: string): number {
  let deepest = 0;
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const opens = FENCE.exec(line)?.[1];
    if (fence) {
      if (opens && opens[0] === fence[0] && opens.length >= fence.length) fence = null;
      continue;
    }
    if (opens) {
      fence = opens;
      continue;
    }
    const quotes = QUOTES.exec(line)?.[1];
    if (quotes) deepest = Math.max(deepest, quotes.split('>').length - 1);
  }
  return deepest;
}

/** The message of a text that nests blockquotes too deep, or null. */
export const blockquoteIssue = (markdown: string): string | null =>
  blockquoteDepth(markdown) > MAX_NESTED_BLOCKQUOTES
    ? `Blockquotes nest at most ${MAX_NESTED_BLOCKQUOTES} levels deep.`
    : null;
