import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A whole HTML page: the server's own page as it is, or the portal's around a fragment (the preview) in the portal's
 * type and colours. Links open in a new tab either way.
 */
function page(html: string, font: string, link: string) {
  if (/^\s*<(!doctype|html)/i.test(html))
    return /<head>/i.test(html) ? html.replace(/<head>/i, '<head><base target="_blank">') : html;
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank">
<style>
  html { color-scheme: light; }
  body { margin: 0; padding: 16px 20px; font: 14px/1.6 ${font}; color: #1f2933; overflow-wrap: anywhere; }
  h1, h2, h3 { line-height: 1.3; margin: 1.2em 0 0.5em; } h1 { font-size: 1.6em; } h2 { font-size: 1.3em; }
  body > :first-child { margin-top: 0; }
  a { color: ${link}; } pre { white-space: pre-wrap; background: #f5f7f9; padding: 8px 12px; border-radius: 4px; }
  table { border-collapse: collapse; } td, th { border: 1px solid #d5dbe1; padding: 4px 8px; }
  blockquote { margin: 0; padding-left: 12px; border-left: 3px solid #d5dbe1; color: #52606d; }
</style></head><body>${html}</body></html>`;
}

/**
 * Rendered HTML (an agreement's, sanitised by the server; a markdown preview; a news post) in a sandboxed frame: no script
 * runs in it and it cannot reach the portal; it grows to its content so the page scrolls, not the frame.
 */
export function DocumentFrame({ html, title, minHeight = 160 }: { html: string; title: string; minHeight?: number }) {
  const theme = useTheme();
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  // allow-same-origin without allow-scripts: the portal may measure the frame; the frame can run nothing
  const fit = useCallback(() => {
    const doc = ref.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.max(minHeight, doc.documentElement.scrollHeight + 2));
  }, [minHeight]);
  // the text wraps differently when the window changes width
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
  return (
    <Box
      component="iframe"
      ref={ref}
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={page(html, String(theme.typography.fontFamily), theme.palette.primary.main)}
      onLoad={fit}
      sx={{ display: 'block', width: '100%', height, border: 0, bgcolor: 'background.paper' }}
    />
  );
}
