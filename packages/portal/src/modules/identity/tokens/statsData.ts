/** statistics.AccountTokenAggregates: one day's calls by HTTP status. */
export interface TokenAggregate {
  date: string;
  statuses: { code: string; count: number }[];
}
/** statistics.AccountTokenSummary */
export interface TokenSummary {
  id: string;
  statuses: { code: string; total: number; since_last_reset: number }[];
  started_tracking_at?: string;
}

export type StatusClass = 'success' | 'client' | 'server';
export const STATUS_CLASSES: { id: StatusClass; label: string }[] = [
  { id: 'success', label: 'Succeeded (2xx, 3xx)' },
  { id: 'client', label: 'Refused (4xx)' },
  { id: 'server', label: 'Failed (5xx)' },
];

export const classOf = (code: string): StatusClass => (code >= '500' ? 'server' : code >= '400' ? 'client' : 'success');

export interface DayBar {
  date: string;
  success: number;
  client: number;
  server: number;
  total: number;
}

/** One bar per UTC day from `days - 1` days before `today` to `today`, days without calls at zero. */
export function dailyBars(aggregates: TokenAggregate[], days: number, today: Date = new Date()): DayBar[] {
  const byDate = new Map(aggregates.map((a) => [a.date, a]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const bars: DayBar[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    const bar: DayBar = { date, success: 0, client: 0, server: 0, total: 0 };
    for (const s of byDate.get(date)?.statuses ?? []) {
      bar[classOf(s.code)] += s.count;
      bar.total += s.count;
    }
    bars.push(bar);
  }
  return bars;
}
