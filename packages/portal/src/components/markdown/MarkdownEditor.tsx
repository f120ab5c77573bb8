import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useDeferredValue, useMemo, useState } from 'react';
import { DocumentFrame } from './DocumentFrame.tsx';
import { markdownToHtml } from '@trellis/domain/format/markdown';

export interface MarkdownEditorProps {
  value: string;
  onChange: (text: string) => void;
  error?: string;
  disabled?: boolean;
  /** The text field's label and help (default: an agreement's document). */
  label?: string;
  helperText?: string;
  /** The text field's height in rows (default 12, for a document; a message needs fewer). */
  minRows?: number;
}

const HELP = 'Headings (#), lists (-), **bold** and links; both parties read it rendered.';

/** Markdown text with the preview its readers will see: side by side on a wide screen, as tabs on a phone. */
export function MarkdownEditor({
  value,
  onChange,
  error,
  disabled,
  label = 'Document (Markdown)',
  helperText = HELP,
  minRows = 12,
}: MarkdownEditorProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const deferred = useDeferredValue(value);
  const html = useMemo(() => markdownToHtml(deferred), [deferred]);

  const editor = (
    <TextField
      label={label}
      multiline
      minRows={minRows}
      maxRows={24}
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helperText}
      slotProps={{ input: { sx: { fontFamily: 'monospace', fontSize: 13, alignItems: 'flex-start' } } }}
    />
  );
  const preview = (
    <Box
      aria-label="Preview"
      role="region"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 200, overflow: 'hidden' }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
        Preview
      </Typography>
      {deferred.trim() ? (
        <DocumentFrame html={html} title="Preview" />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          The rendered document shows here as you type.
        </Typography>
      )}
    </Box>
  );
  if (wide)
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
        {editor}
        {preview}
      </Box>
    );
  return (
    <Box>
      <Tabs value={tab} onChange={(_, v: 'write' | 'preview') => setTab(v)} sx={{ mb: 1.5, minHeight: 36 }}>
        <Tab value="write" label="Write" sx={{ minHeight: 36 }} />
        <Tab value="preview" label="Preview" sx={{ minHeight: 36 }} />
      </Tabs>
      {tab === 'write' ? editor : preview}
    </Box>
  );
}
