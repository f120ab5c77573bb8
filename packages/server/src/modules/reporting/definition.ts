import type { ReportParameterValues } from '@trellis/domain';

// What a template's code is (templates/*.ts): columns and the rows, read through a ReportSource. The code runs in
// the report thread (worker.ts); everything it reads comes from the server's thread, through the engine, as the
// requester may read it (runner.ts), so a template cannot see another tenant's objects.

export interface ReportColumn {
  key: string;
  title: string;
}
export type Cell = string | number | boolean | null;
export type ReportRow = Record<string, Cell>;

export interface ReportSource {
  account: { id: string; name: string; type: 'vendor' | 'provider' };
  parameters: ReportParameterValues;
  /**
   * Every object of a served collection (by the resource's name; `params` fills a nested path's parents) that the
   * requester may read and that matches the RQL filter, page by page; the first collection read sets the progress.
   */
  list(resource: string, rql?: string, params?: Record<string, string>): AsyncGenerator<any>;
  /** API calls made with these tokens of the requester's account: total, and the last hour with calls. */
  tokenCalls(ids: string[]): Promise<Record<string, { total: number; last: string | null }>>;
  progress(value: number, max: number): void;
}

export interface ReportDefinition {
  columns: ReportColumn[];
  rows(source: ReportSource): AsyncIterable<ReportRow>;
}

export const defineReport = (d: ReportDefinition) => d;

/** RQL for a many-value parameter (product, marketplace, checkbox) on `field`; '' when all are wanted. */
export function manyFilter(value: unknown, field: string): string {
  const v = value as { all?: boolean; choices?: string[] } | undefined;
  if (!v || v.all || !v.choices?.length) return '';
  return `in(${field},(${v.choices.map(encodeURIComponent).join(',')}))`;
}

/** RQL for a date_range parameter on `field` (after inclusive, before exclusive); '' when not given. */
export function rangeFilter(value: unknown, field: string): string {
  const v = value as { after?: string; before?: string } | undefined;
  if (!v?.after || !v.before) return '';
  return `ge(${field},${encodeURIComponent(v.after)})&lt(${field},${encodeURIComponent(v.before)})`;
}

export const and = (...parts: string[]) => parts.filter(Boolean).join('&');
