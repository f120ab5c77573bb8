import { FREQUENCIES, ScheduleTrigger, cronOf } from '@trellis/domain/reporting/schedule';
import { REQUIRED } from '@trellis/domain/validation/messages';
import type { Issue } from '../runForm.ts';

// A schedule's trigger as its form holds it: one of the reference's frequencies at a UTC time, or a cron expression.

export const TRIGGER_MODES = [...FREQUENCIES, 'cron'] as const;
export type TriggerMode = (typeof TRIGGER_MODES)[number];
export const TRIGGER_MODE_LABELS: Record<TriggerMode, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  cron: 'Cron expression',
};
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface TriggerInput {
  mode: TriggerMode;
  /** HH:MM, UTC. */
  time: string;
  /** 1 Monday … 7 Sunday. */
  day_of_week: number;
  day_of_month: number;
  cron: string;
}

export const newTriggerInput = (): TriggerInput => ({
  mode: 'daily',
  time: '06:00',
  day_of_week: 1,
  day_of_month: 1,
  cron: '',
});

export function triggerInputOf(t: ScheduleTrigger | undefined): TriggerInput {
  if (!t) return newTriggerInput();
  return {
    mode: t.cron ? 'cron' : t.frequency,
    time: t.time,
    day_of_week: t.day_of_week ?? 1,
    day_of_month: t.day_of_month ?? 1,
    cron: t.cron ?? '',
  };
}

/** The API's trigger: the frequency's own fields, or a cron expression (which decides instead of them). */
export function triggerBody(v: TriggerInput): ScheduleTrigger {
  if (v.mode === 'cron') return { frequency: 'daily', time: '00:00', cron: v.cron.trim() };
  return {
    frequency: v.mode,
    time: v.time,
    ...(v.mode === 'weekly' && { day_of_week: v.day_of_week }),
    ...(v.mode === 'monthly' && { day_of_month: v.day_of_month }),
  };
}

/** The cron expression the trigger stands for (UTC), or '' while the cron field is empty. */
export const cronOfInput = (v: TriggerInput) => (v.mode === 'cron' ? v.cron.trim() : cronOf(triggerBody(v)));

/** What the domain's schema says is wrong, on the form's paths (`trigger.cron`, `trigger.time`, ...). */
export function triggerIssues(v: TriggerInput): Issue[] {
  if (v.mode === 'cron' && !v.cron.trim()) return [{ path: ['trigger', 'cron'], message: REQUIRED }];
  const parsed = ScheduleTrigger.safeParse(triggerBody(v));
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: ['trigger', String(i.path[0] ?? 'cron')], message: i.message }));
}
