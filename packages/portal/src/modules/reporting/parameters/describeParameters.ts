import type { ManyValue, ReportParameter } from '@trellis/domain/reporting/parameters';
import { inputOf, type DateRangeInput } from './parameterInputs.ts';

/** A parameter's value in words: "All", the chosen labels or ids, or the days of a range (both included). */
export function describeValue(p: ReportParameter | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (!p) return typeof value === 'string' ? value : JSON.stringify(value);
  const label = (v: string) => p.choices?.find((c) => c.value === v)?.label ?? v;
  switch (p.type) {
    case 'date_range': {
      const r = inputOf(p, value) as DateRangeInput;
      return r.from ? `${r.from} to ${r.to}` : '';
    }
    case 'choice':
      return label(String(value));
    default: {
      const m = value as ManyValue;
      return m.all ? 'All' : m.choices.map(label).join(', ');
    }
  }
}

/** The rows of a run's parameters: each declared one with its value ("—" when not given), then any others. */
export function parameterRows(
  declared: readonly ReportParameter[],
  values: Record<string, unknown> | null | undefined,
) {
  const given = values ?? {};
  const rows = declared.map((p) => ({ label: p.name, value: describeValue(p, given[p.id]) }));
  for (const id of Object.keys(given))
    if (!declared.some((p) => p.id === id)) rows.push({ label: id, value: describeValue(undefined, given[id]) });
  return rows;
}
