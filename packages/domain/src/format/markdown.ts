import MarkdownIt from 'markdown-it';
import { MAX_NESTED_BLOCKQUOTES } from './constants.ts';

// Markdown as both parties read it (templates, agreement documents), the same on the server and in the portal's
// preview: raw HTML shows as text (html: false) and markdown-it refuses javascript:/vbscript:/data: links, so the
// HTML is safe to show without a separate sanitiser.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

export const markdownToHtml = (markdown: string) => md.render(markdown);

// Conversation messages (spec §9): line breaks kept as typed, and blockquotes nested at most
// MAX_NESTED_BLOCKQUOTES deep — a reply quoting a reply quoting … shows the deeper quotes' text at the third level.
const messages = new MarkdownIt({ html: false, linkify: true, breaks: true });
messages.core.ruler.push('max_quote_depth', (state) => {
  let depth = 0;
  const dropped: boolean[] = [];
  state.tokens = state.tokens.filter((t) => {
    if (t.type === 'blockquote_open') {
      depth++;
      dropped.push(depth > MAX_NESTED_BLOCKQUOTES);
      return depth <= MAX_NESTED_BLOCKQUOTES;
    }
    if (t.type === 'blockquote_close') {
      depth--;
      return !dropped.pop();
    }
    return true;
  });
});

export const messageToHtml = (markdown: string) => messages.render(markdown);
