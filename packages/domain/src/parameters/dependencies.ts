/**
 * Checkbox / choice dependencies (spec §4): a parameter whose dependency is unmet is hidden (unless
 * dependency.hidden is false) and never required; a met dependency applies its own required/readonly.
 */
import type { ParamChoice, ParamValue, ParamValues, ParameterConstraints, ParameterLike } from './types.ts';

/** The declared choices: constraints.choices, else constraints.meta.choices. */
export function choicesOf(p: ParameterLike): readonly ParamChoice[] {
  const c = p.constraints ?? {};
  if (c.choices && c.choices.length) return c.choices;
  return c.meta?.choices ?? [];
}

/** Values keyed by parameter name; list entries may name a parameter by name or by id. */
export function normaliseValues(
  parameters: readonly ParameterLike[],
  values: ParamValues | null | undefined,
): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  if (!values) return out;
  const nameOfId = new Map(parameters.filter((p) => p.id).map((p) => [p.id as string, p.name]));
  const put = (key: string | null | undefined, v: ParamValue | null | undefined) => {
    if (!key || !v || typeof v !== 'object') return;
    out[nameOfId.get(key) ?? key] = v;
  };
  if (Array.isArray(values)) for (const v of values) put(v?.name ?? v?.id, v);
  else for (const [k, v] of Object.entries(values as Record<string, ParamValue | null | undefined>)) put(k, v);
  return out;
}

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

/** Option values a checkbox / choice / dropdown value selects. */
export function selectedValues(p: ParameterLike, v: ParamValue | undefined): string[] {
  if (!v) return [];
  if (p.type === 'checkbox') {
    let map: unknown = v.structured_value;
    if ((map === undefined || map === null) && typeof v.value === 'string') map = parseJson(v.value);
    if (Array.isArray(map)) return map.filter((x): x is string => typeof x === 'string');
    if (!map || typeof map !== 'object') return [];
    return Object.entries(map as Record<string, unknown>)
      .filter(([, on]) => on === true)
      .map(([k]) => k);
  }
  const raw = typeof v.value === 'string' ? v.value : typeof v.structured_value === 'string' ? v.structured_value : '';
  return raw.trim() ? [raw] : [];
}

/** Resolves effective constraints of every parameter against a set of values (memoised, cycle-safe). */
export class DependencyResolver {
  private readonly byName = new Map<string, ParameterLike>();
  private readonly byId = new Map<string, ParameterLike>();
  private readonly memo = new Map<string, ParameterConstraints>();
  private readonly resolving = new Set<string>();
  readonly values: Record<string, ParamValue>;

  constructor(
    readonly parameters: readonly ParameterLike[],
    values?: ParamValues | null,
  ) {
    for (const p of parameters) {
      this.byName.set(p.name, p);
      if (p.id) this.byId.set(p.id, p);
    }
    this.values = normaliseValues(parameters, values);
  }

  find(ref: { id?: string | null; name?: string | null } | null | undefined): ParameterLike | undefined {
    if (!ref) return undefined;
    return (ref.name ? this.byName.get(ref.name) : undefined) ?? (ref.id ? this.byId.get(ref.id) : undefined);
  }

  /** Whether the parameter's dependency (if any) is met: its source is shown and selects one of the values. */
  met(p: ParameterLike): boolean {
    const dep = p.constraints?.dependency;
    if (!dep) return true;
    const source = this.find(dep.parameter);
    if (!source || source.name === p.name) return false;
    if (this.constraints(source).hidden) return false;
    const selected = selectedValues(source, this.values[source.name]);
    const wanted = dep.values ?? [];
    return wanted.length ? selected.some((v) => wanted.includes(v)) : selected.length > 0;
  }

  constraints(p: ParameterLike): ParameterConstraints {
    const cached = this.memo.get(p.name);
    if (cached) return cached;
    const c: ParameterConstraints = { ...(p.constraints ?? {}) };
    const dep = c.dependency;
    let result = c;
    if (dep) {
      // A dependency cycle can never be met.
      const met = !this.resolving.has(p.name) && (this.resolving.add(p.name), this.metThenRelease(p));
      result = met
        ? { ...c, required: dep.required ?? c.required, readonly: dep.readonly ?? c.readonly }
        : { ...c, required: false, hidden: Boolean(c.hidden) || dep.hidden !== false };
    }
    this.memo.set(p.name, result);
    return result;
  }

  private metThenRelease(p: ParameterLike): boolean {
    try {
      return this.met(p);
    } finally {
      this.resolving.delete(p.name);
    }
  }

  hidden(p: ParameterLike): boolean {
    return Boolean(this.constraints(p).hidden);
  }
}

/** A parameter's constraints once its dependency is applied to the given values. */
export function effectiveConstraints(
  p: ParameterLike,
  parameters: readonly ParameterLike[],
  values?: ParamValues | null,
): ParameterConstraints {
  return new DependencyResolver(parameters, values).constraints(p);
}

/**
 * The parameters a customer sees for these values, in position order, each with its effective
 * constraints (for the form preview).
 */
export function visibleParameters<P extends ParameterLike>(
  parameters: readonly P[],
  values?: ParamValues | null,
): Array<P & { constraints: ParameterConstraints }> {
  const r = new DependencyResolver(parameters, values);
  return parameters
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => !r.hidden(p))
    .sort((a, b) => (a.p.position ?? a.i) - (b.p.position ?? b.i) || a.i - b.i)
    .map(({ p }) => ({ ...p, constraints: r.constraints(p) }));
}

/** Initial form values: `default` of each parameter, or the choices flagged default. */
export function defaultValues(parameters: readonly ParameterLike[]): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const p of parameters) {
    const flagged = choicesOf(p)
      .filter((c) => c.default)
      .map((c) => c.value);
    if (p.type === 'checkbox') {
      const map: Record<string, boolean> = {};
      for (const c of choicesOf(p)) map[c.value] = Boolean(c.default);
      const d = p.default;
      if (d && typeof d === 'object' && !Array.isArray(d)) Object.assign(map, d);
      out[p.name] = { value: null, structured_value: map };
    } else if (p.default !== undefined && p.default !== null) {
      out[p.name] = typeof p.default === 'string' ? { value: p.default } : { value: null, structured_value: p.default };
    } else if (flagged.length) {
      out[p.name] = { value: flagged[0] };
    }
  }
  return out;
}
