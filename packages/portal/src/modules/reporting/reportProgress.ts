import type { Report } from '@trellis/domain/reporting/report';

/** Whether the report is still being made (the page polls it until it is not). */
export const inProgress = (r: Pick<Report, 'status'> | undefined) => r?.status === 'pending' || r?.status === 'running';

/** Percent done of a running report that counts its rows; null while it cannot tell. */
export function percentDone(r: Pick<Report, 'status' | 'progress'>): number | null {
  if (r.status !== 'running' || !r.progress?.max) return null;
  return Math.min(100, Math.max(0, Math.round((r.progress.value / r.progress.max) * 100)));
}

/** How long it ran (start to end), in ms; null until it has ended. */
export function runTimeMs(r: Pick<Report, 'events'>): number | null {
  const start = r.events.started?.at ?? r.events.created?.at;
  const end = r.events.terminated?.at;
  return start && end ? Math.max(0, Date.parse(end) - Date.parse(start)) : null;
}
