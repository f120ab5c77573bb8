import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { reportMachine, type Report } from '@trellis/domain/reporting/report';
import { StatusChip } from '../../components/StatusChip.tsx';
import { inProgress, percentDone } from './reportProgress.ts';

/** The status chip, with how far a running report is. */
export function ReportStatusChip({ report }: { report: Report }) {
  const pct = percentDone(report);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
      <StatusChip status={report.status} machine={reportMachine} />
      {pct !== null && (
        <Typography component="span" variant="body2" color="text.secondary">
          {pct}%
        </Typography>
      )}
    </Box>
  );
}

/** A bar while the report is pending or running: how far it is when it can tell, else an indeterminate one. */
export function ReportProgressBar({ report }: { report: Report }) {
  if (!inProgress(report)) return null;
  const pct = percentDone(report);
  const label =
    report.status === 'pending'
      ? 'Waiting to start…'
      : pct === null
        ? 'Running…'
        : `Running: ${report.progress.value} of ${report.progress.max} rows (${pct}%)`;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={pct === null ? 'indeterminate' : 'determinate'}
        value={pct ?? undefined}
        aria-label="Report progress"
      />
    </Box>
  );
}
