import {
  checkParameters,
  type DateRangeValue,
  type ManyValue,
  type ReportParameter,
  type ReportParameterValue,
} from '@trellis/domain/reporting/parameters';

// What the generated parameter form holds per parameter, and the API's value for it (domain reporting/parameters.ts).
// A date range is picked as two calendar days, both included; the API's range is `after` (inclusive) to `before`
// (exclusive), so `before` is the day after "to".

/** A date range as the form holds it: `yyyy-mm-dd`, both days included; empty when not given. */
export interface DateRangeInput {
  from: string;
  to: string;
}
export type ParameterInput = DateRangeInput | ManyValue | string;
export type ParameterInputs = Record<string, ParameterInput>;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shift = (day: string, days: number) => dayOf(Date.parse(day.slice(0, 10)) + days * DAY_MS);

/** The form's value of a parameter: the stored one (a schedule's, a report's) or the default (all; nothing). */
export function inputOf(p: ReportParameter, value?: unknown): ParameterInput {
  switch (p.type) {
    case 'date_range': {
      const r = value as Partial<DateRangeValue> | undefined;
      return r?.after && r.before ? { from: r.after.slice(0, 10), to: shift(r.before, -1) } : { from: '', to: '' };
    }
    case 'choice':
      return typeof value === 'string' ? value : '';
    default: {
      const m = value as Partial<ManyValue> | undefined;
      return m && typeof m.all === 'boolean' ? { all: m.all, choices: m.choices ?? [] } : { all: true, choices: [] };
    }
  }
}

export const inputsOf = (parameters: readonly ReportParameter[], values?: Record<string, unknown> | null) =>
  Object.fromEntries(parameters.map((p) => [p.id, inputOf(p, values?.[p.id])])) as ParameterInputs;

/** The API's value of a parameter; undefined when left empty. */
export function valueOf(p: ReportParameter, input: ParameterInput | undefined): ReportParameterValue | undefined {
  if (input === undefined) return undefined;
  switch (p.type) {
    case 'date_range': {
      const r = input as DateRangeInput;
      if (!r.from && !r.to) return undefined;
      return { after: r.from, before: r.to ? shift(r.to, 1) : '' };
    }
    case 'choice':
      return (input as string) || undefined;
    default: {
      const m = input as ManyValue;
      return m.all ? { all: true, choices: [] } : { all: false, choices: m.choices };
    }
  }
}

/** The body's `parameters`: a value by parameter id, the empty ones left out. */
export function parametersBody(parameters: readonly ReportParameter[], inputs: ParameterInputs) {
  const out: Record<string, ReportParameterValue> = {};
  for (const p of parameters) {
    const v = valueOf(p, inputs[p.id]);
    if (v !== undefined) out[p.id] = v;
  }
  return out;
}

/**
 * What is wrong with the inputs, by parameter id: a date range's missing or reversed day in the form's words, the
 * rest as the domain checks it (the server's messages).
 */
export function parameterProblems(parameters: readonly ReportParameter[], inputs: ParameterInputs) {
  const out: Record<string, string> = {};
  for (const p of parameters) {
    if (p.type !== 'date_range') continue;
    const r = (inputs[p.id] ?? { from: '', to: '' }) as DateRangeInput;
    if (!r.from && !r.to) continue;
    if (!r.from || !r.to) out[p.id] = 'Give both the first and the last day.';
    else if (r.from > r.to) out[p.id] = 'The first day must not be after the last.';
  }
  const { errors } = checkParameters(parameters, parametersBody(parameters, inputs));
  for (const e of errors) {
    const m = /^parameters\.([^:]+): (.+)$/.exec(e);
    if (m && !out[m[1]]) out[m[1]] = m[2];
  }
  return out;
}
