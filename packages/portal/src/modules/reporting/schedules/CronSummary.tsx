import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate } from '@trellis/domain/format/date';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { describeCron, nextRuns } from './cron.ts';

/** What a cron expression means and its next five runs (in the user's time zone). */
export function CronSummary({ expr, from }: { expr: string; from?: Date }) {
  const hour12 = useHour12();
  const description = describeCron(expr);
  if (!description) return null;
  const runs = nextRuns(expr, 5, from);
  return (
    <Box aria-label="Schedule summary" role="region">
      <Typography variant="body2">{description}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Next runs:
      </Typography>
      <Box component="ol" aria-label="Next runs" sx={{ m: 0, pl: 3 }}>
        {runs.map((d) => (
          <Typography component="li" variant="body2" key={d.toISOString()}>
            {formatDate(d, { hour12 })}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
