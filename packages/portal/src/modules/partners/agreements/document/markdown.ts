import MarkdownIt from 'markdown-it';

// The portal's preview of an agreement's markdown, configured like the server's renderer (catalog render.ts): raw
// HTML shows as text and javascript:/vbscript:/data: links are refused. The preview is shown in a sandboxed frame.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

export const markdownToHtml = (markdown: string) => md.render(markdown);
