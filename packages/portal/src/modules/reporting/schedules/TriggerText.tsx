import Typography from '@mui/material/Typography';
import { cronOf, type ScheduleTrigger } from '@trellis/domain/reporting/schedule';
import { describeCron } from './cron.ts';

/** When a schedule runs, in words ("At 06:00, only on Monday (UTC)"); the expression itself if it cannot tell. */
export function TriggerText({
  trigger,
  variant = 'body2',
}: {
  trigger: ScheduleTrigger;
  variant?: 'body2' | 'caption';
}) {
  const expr = cronOf(trigger);
  return (
    <Typography component="span" variant={variant} color={variant === 'caption' ? 'text.secondary' : undefined}>
      {describeCron(expr) ?? expr}
    </Typography>
  );
}
