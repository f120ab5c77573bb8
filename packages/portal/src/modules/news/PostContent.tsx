import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { markdownToHtml } from '@trellis/domain/format/markdown';
import { DocumentFrame } from '../../components/markdown/DocumentFrame.tsx';

/**
 * A post's markdown as its readers see it: rendered with raw HTML kept as text and unsafe links refused
 * (format/markdown.ts), in a sandboxed frame where no script could run anyway.
 */
export function PostContent({ title, content }: { title: string; content: string }) {
  const html = useMemo(() => markdownToHtml(content), [content]);
  if (!content.trim())
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        Nothing written yet.
      </Typography>
    );
  return <DocumentFrame html={html} title={title} />;
}
