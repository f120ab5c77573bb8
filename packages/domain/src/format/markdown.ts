import MarkdownIt from 'markdown-it';

// Markdown as both parties read it (templates, agreement documents), the same on the server and in the portal's
// preview: raw HTML shows as text (html: false) and markdown-it refuses javascript:/vbscript:/data: links, so the
// HTML is safe to show without a separate sanitiser.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

export const markdownToHtml = (markdown: string) => md.render(markdown);
