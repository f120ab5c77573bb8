import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UsageFile } from '@trellis/domain/usage/file';

const count = (n: number) => n.toLocaleString('en-US');

/** What the server is doing with the spreadsheet, as words and a bar. */
function stage(f: Pick<UsageFile, 'status' | 'progress'>): { text: string; value: number | null } {
  const { done, total } = f.progress;
  if (f.status === 'uploading') return { text: 'Receiving the spreadsheet…', value: null };
  if (f.status === 'uploaded') return { text: 'Waiting to be processed…', value: null };
  if (total) return { text: `Processing records: ${count(done)} of ${count(total)}`, value: (done / total) * 100 };
  return { text: done ? `Processing records: ${count(done)} done` : 'Processing records…', value: null };
}

/**
 * The processing of an uploaded spreadsheet, live: records done of the sheet's rows when it states how many,
 * otherwise an indeterminate bar with the count so far.
 */
export function ProcessingProgress({ file }: { file: Pick<UsageFile, 'status' | 'progress' | 'file_name'> }) {
  const { text, value } = stage(file);
  return (
    <Box role="status" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {file.file_name ? `${file.file_name}: ` : ''}
        {text}
      </Typography>
      <LinearProgress
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value === null ? undefined : Math.min(100, value)}
        aria-label="Processing the spreadsheet"
      />
    </Box>
  );
}
