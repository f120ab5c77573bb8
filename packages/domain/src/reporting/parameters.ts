import { z } from 'zod';

// The typed parameters of a report template (the reference reports SDK's kinds): the template declares them, the
// requester sends a value per parameter id, and checkParameters says what is wrong, naming the parameter.

export const REPORT_PARAMETER_TYPES = ['date_range', 'product', 'marketplace', 'checkbox', 'choice'] as const;
export type ReportParameterType = (typeof REPORT_PARAMETER_TYPES)[number];

export const ReportParameter = z.object({
  id: z.string(),
  type: z.enum(REPORT_PARAMETER_TYPES),
  name: z.string(),
  description: z.string(),
  required: z.boolean().optional(),
  /** checkbox (several) and choice (one): the allowed values with their labels. */
  choices: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type ReportParameter = z.infer<typeof ReportParameter>;

/** date_range: created between `after` (inclusive) and `before` (exclusive), ISO dates or date-times. */
export interface DateRangeValue {
  after: string;
  before: string;
}
/** product, marketplace, checkbox: `all`, or the chosen ids / values. */
export interface ManyValue {
  all: boolean;
  choices: string[];
}
export type ReportParameterValue = DateRangeValue | ManyValue | string;
export type ReportParameterValues = Record<string, ReportParameterValue>;

const isDate = (v: unknown) => typeof v === 'string' && v.length >= 10 && !Number.isNaN(Date.parse(v));

function checkOne(p: ReportParameter, v: unknown): string | null {
  switch (p.type) {
    case 'date_range': {
      const r = v as Partial<DateRangeValue> | null;
      if (!r || typeof r !== 'object' || !isDate(r.after) || !isDate(r.before))
        return 'Give a range as {"after": date, "before": date} (ISO 8601).';
      return Date.parse(r.after!) < Date.parse(r.before!) ? null : '"after" must be earlier than "before".';
    }
    case 'choice':
      if (typeof v !== 'string') return 'Choose one value.';
      return p.choices?.some((c) => c.value === v)
        ? null
        : `Choose one of ${p.choices!.map((c) => c.value).join(', ')}.`;
    default: {
      const m = v as Partial<ManyValue> | null;
      // {"all": true} alone means every value
      if (!m || typeof m !== 'object' || typeof m.all !== 'boolean' || !Array.isArray(m.choices ?? []))
        return 'Give {"all": true} or {"all": false, "choices": [...]}.';
      if (m.all) return null;
      if (!Array.isArray(m.choices)) return 'Give the chosen values in "choices", or {"all": true}.';
      if (m.choices.some((c) => typeof c !== 'string')) return 'Each choice is a string.';
      if (!m.all && !m.choices.length) return 'Choose at least one value, or all.';
      if (p.type === 'checkbox' && !m.all) {
        const bad = m.choices.filter((c) => !p.choices?.some((o) => o.value === c));
        if (bad.length)
          return `Unknown value ${bad.join(', ')}; choose from ${p.choices!.map((c) => c.value).join(', ')}.`;
      }
      return null;
    }
  }
}

/** A many-value given as {"all": true} alone, as stored: with its (empty) choices. */
const withChoices = (v: ReportParameterValue): ReportParameterValue =>
  typeof v === 'object' && 'all' in v ? { all: v.all, choices: v.all ? [] : v.choices } : v;

/**
 * The values of the template's parameters, checked: errors as `parameters.<id>: message`. Accepts the reference's
 * list form ([{id, value}]) as well as an object by id. Values of parameters the template does not have are refused.
 */
export function checkParameters(
  declared: readonly ReportParameter[],
  given: unknown,
): { values: ReportParameterValues; errors: string[] } {
  let byId: Record<string, unknown> = {};
  const errors: string[] = [];
  if (Array.isArray(given)) {
    for (const entry of given as { id?: unknown; value?: unknown }[]) {
      if (!entry || typeof entry.id !== 'string') errors.push('parameters: Each entry needs an id and a value.');
      else byId[entry.id] = entry.value;
    }
  } else if (given && typeof given === 'object') byId = given as Record<string, unknown>;
  else if (given !== undefined && given !== null) errors.push('parameters: Give an object of values by parameter id.');
  const values: ReportParameterValues = {};
  for (const id of Object.keys(byId))
    if (!declared.some((p) => p.id === id)) errors.push(`parameters.${id}: The template has no such parameter.`);
  for (const p of declared) {
    const v = byId[p.id];
    if (v === undefined || v === null) {
      if (p.required) errors.push(`parameters.${p.id}: This field is required`);
      continue;
    }
    const problem = checkOne(p, v);
    if (problem) errors.push(`parameters.${p.id}: ${problem}`);
    else values[p.id] = withChoices(v as ReportParameterValue);
  }
  return { values, errors };
}
