import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { formatBytes } from '@trellis/domain/format/bytes';
import { formatDate } from '@trellis/domain/format/date';
import { reconciliationResource, type Reconciliation } from '@trellis/domain/usage/reconciliation';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';

/** Whether the server is still matching the reconciliation's rows. */
export const isMatching = (r: Pick<Reconciliation, 'status'> | undefined) =>
  !!r && (r.status === 'uploaded' || r.status === 'processing');

const COUNTS: { key: keyof Reconciliation['results']; label: string; hint: string; tone?: string }[] = [
  { key: 'matched', label: 'Matched', hint: 'same usage as the record', tone: 'success.main' },
  { key: 'mismatched', label: 'Mismatched', hint: 'another usage than the record', tone: 'warning.dark' },
  { key: 'unknown', label: 'Unknown', hint: 'no record of that id', tone: 'error.main' },
  { key: 'missing', label: 'Missing', hint: 'records the spreadsheet leaves out' },
];

/** The latest reconciliation of a file: its status, how its rows matched, its spreadsheets and its actions. */
export function ReconciliationSummary({ reconciliation: r }: { reconciliation: Reconciliation }) {
  const hour12 = useHour12();
  return (
    <Box component="section" aria-label="Latest reconciliation">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
          Reconciliation {r.id}
        </Typography>
        <StatusChip status={r.status} machine={reconciliationResource.machine} />
        <Box sx={{ flexGrow: 1 }} />
        <ActionBar resource={reconciliationResource} obj={r} path={`${reconciliationResource.path}/${r.id}`} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-word' }}>
        {[r.file_name, formatBytes(r.size), `uploaded ${formatDate(r.created, { hour12 })}`]
          .filter(Boolean)
          .join(' · ')}
        {r.notes.uploaded ? ` — ${r.notes.uploaded}` : ''}
      </Typography>
      {isMatching(r) ? (
        <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Matching the rows to the file’s records…
          </Typography>
          <LinearProgress aria-label="Matching the reconciliation" />
        </Box>
      ) : r.status === 'failed' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {r.error?.detail || 'The spreadsheet could not be read.'}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', mb: 2 }}>
          {COUNTS.map((c) => (
            <Paper key={c.key} variant="outlined" sx={{ p: 1.5 }} data-testid={`recon-${c.key}`}>
              <Typography variant="body2" color="text.secondary">
                {c.label}
              </Typography>
              <Typography
                variant="h5"
                component="p"
                sx={{ my: 0.5, color: r.results[c.key] && c.tone ? c.tone : 'text.primary' }}
              >
                {r.results[c.key].toLocaleString('en-US')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {c.hint}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<FileDownloadIcon />} href={r.uploaded_file_uri} download>
          Uploaded file
        </Button>
        {r.processed_file_uri && (
          <Button size="small" variant="outlined" startIcon={<FileDownloadIcon />} href={r.processed_file_uri} download>
            Processed file
          </Button>
        )}
      </Box>
    </Box>
  );
}
