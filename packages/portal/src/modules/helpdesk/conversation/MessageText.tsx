import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { markdownToHtml } from '@trellis/domain/format/markdown';

// markdownToHtml leaves raw HTML as text and refuses javascript:/vbscript:/data: links, so its output is safe to put
// in the page; every link it writes starts `<a href=` (a typed `<a` is escaped), so links open in a new tab.
// A mention, `@[Name](UR-…)` (domain helpdesk/mention.ts), is written `@<a href="UR-…">Name</a>`: it shows as an
// @Name chip, its name as markdown-it escaped it; a link to a user id without the @ shows its text alone.
const USER_LINK = /(@?)<a href="(UR-\d+(?:-\d+)*)"(?: title="[^"]*")?>([\s\S]*?)<\/a>/g;
const html = (text: string) =>
  markdownToHtml(text)
    .replace(USER_LINK, (_m, at: string, id: string, name: string) =>
      at ? `<span class="mention" data-user-id="${id}">@${name}</span>` : name,
    )
    .replaceAll('<a href=', '<a target="_blank" rel="noopener noreferrer" href=');

/** A message's markdown as both parties read it, in the page's own type, its mentions as @Name chips. */
export function MessageText({ text }: { text: string }) {
  const rendered = useMemo(() => html(text), [text]);
  return (
    <Box
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        // blocks spaced below only, the last flush with the message's end
        '& :is(p, ul, ol, pre, blockquote, table, h1, h2, h3, h4, h5, h6)': { mt: 0, mb: 1 },
        '& :is(p, ul, ol, pre, blockquote, table):last-child': { mb: 0 },
        '& :is(h1, h2, h3, h4, h5, h6)': { typography: 'subtitle2' },
        '& :is(ul, ol)': { pl: 3 },
        '& blockquote': { mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
        '& pre': { whiteSpace: 'pre-wrap', bgcolor: 'action.hover', px: 1.5, py: 1, borderRadius: 1 },
        '& code': { fontFamily: 'monospace', fontSize: '0.92em' },
        '& img': { maxWidth: '100%' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& :is(td, th)': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& a': { color: 'primary.main' },
        '& .mention': {
          display: 'inline-block',
          px: 0.75,
          borderRadius: 2,
          bgcolor: 'action.selected',
          color: 'primary.main',
          fontWeight: 500,
          lineHeight: 1.5,
        },
      }}
      dangerouslySetInnerHTML={{ __html: rendered }}
    />
  );
}
