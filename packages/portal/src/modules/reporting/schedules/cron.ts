import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import { cron as cronRule } from '@trellis/domain/validation/rules';

// A schedule's cron expression (UTC) for people: what it means, and when it runs next — computed with croner, as the
// server computes the schedule's next run.

/** "At 06:00, only on Monday" (UTC); null when the expression is not valid. */
export function describeCron(expr: string): string | null {
  if (!expr.trim() || cronRule(expr)) return null;
  try {
    return `${cronstrue.toString(expr.trim(), { use24HourTimeFormat: true, throwExceptionOnParseError: true })} (UTC)`;
  } catch {
    return null;
  }
}

/** The next `n` run times after `from`; none when the expression is not valid. */
export function nextRuns(expr: string, n = 5, from: Date = new Date()): Date[] {
  if (!expr.trim() || cronRule(expr)) return [];
  try {
    return new Cron(expr.trim(), { timezone: 'UTC', paused: true }).nextRuns(n, from);
  } catch {
    return [];
  }
}
