/**
 * Duration display (spec §9): the largest of days, hours, minutes, seconds that is ≥ 1,
 * rounded down, singular/plural: '2 days', '1 hour', '5 minutes', '30 seconds'.
 * Under one second (or invalid / negative input) gives '0 seconds'.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const UNITS: ReadonlyArray<readonly [ms: number, singular: string, plural: string]> = [
  [DAY_MS, 'day', 'days'],
  [HOUR_MS, 'hour', 'hours'],
  [MINUTE_MS, 'minute', 'minutes'],
  [SECOND_MS, 'second', 'seconds'],
];

export function formatDuration(ms: number | null | undefined): string {
  const value = typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : 0;
  for (const [size, singular, plural] of UNITS) {
    const count = Math.floor(value / size);
    if (count >= 1) return `${count} ${count === 1 ? singular : plural}`;
  }
  return '0 seconds';
}
