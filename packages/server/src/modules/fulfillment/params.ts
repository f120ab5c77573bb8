import { sql } from 'kysely';
import {
  ErrorCode,
  validateParameterValues,
  visibleParameters,
  defaultValues,
  type Parameter,
  type ParamInput,
  type RequestParam,
} from '@trellis/domain';
import type { ValidatedParam } from '../notifications/public.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';

// Parameters on requests, assets and tier configs: which of the product's parameters a scope carries, how
// values sent by the provider (ordering phase) and the vendor (fulfillment phase) are merged, and validation
// with the shared parameter validator (the same messages as the catalogue's order-form preview).

/** Parameter scopes a request carries: asset requests `asset`, tier config requests `tier1` or `tier2`. */
export type ParamScope = 'asset' | 'tier1' | 'tier2';
/** Phases that carry values per request; `configuration` parameters belong to the product's configuration. */
const REQUEST_PHASES = ['ordering', 'fulfillment'];

/** The product's parameter definitions of one scope, in form order. */
export async function productParameters(db: Db, productId: string, scope: ParamScope): Promise<Parameter[]> {
  const { rows } = await sql<{ data: Parameter }>`select data from product_parameters
    where product_id = ${productId} and scope = ${scope} order by position, name`.execute(db);
  return rows.map((r) => r.data).filter((p) => REQUEST_PHASES.includes(p.phase));
}

/** Whether a product has parameters of a tier scope (so purchases need a tier config). */
export async function hasScope(db: Db, productId: string, scope: ParamScope): Promise<boolean> {
  const { rows } = await sql`select 1 from product_parameters where product_id = ${productId} and scope = ${scope}
    and phase in ('ordering', 'fulfillment') limit 1`.execute(db);
  return rows.length > 0;
}

/** One definition as a request parameter with an empty (or default) value. */
export function toRequestParam(
  p: Parameter,
  value?: { value?: string | null; structured_value?: unknown },
): RequestParam {
  const v = value ?? defaultValues([p])[p.name] ?? {};
  const out: RequestParam = {
    id: p.name,
    name: p.name,
    title: p.title,
    description: p.description ?? '',
    type: p.type,
    phase: p.phase,
    scope: p.scope,
    value: v.value ?? null,
    value_error: '',
    constraints: { ...p.constraints } as Record<string, unknown>,
  };
  if (v.structured_value !== undefined) out.structured_value = v.structured_value;
  const choices = p.constraints?.choices ?? [];
  if (choices.length) out.value_choices = choices.map((c) => c.value);
  return out;
}

/** Fresh parameters of a scope for a new request, keeping any values the caller already has for them. */
export async function freshParams(
  db: Db,
  productId: string,
  scope: ParamScope,
  carried: readonly RequestParam[] = [],
): Promise<RequestParam[]> {
  const byName = new Map(carried.map((p) => [p.id, p]));
  return (await productParameters(db, productId, scope)).map((def) => {
    const old = byName.get(def.name);
    return old
      ? {
          ...toRequestParam(def),
          value: old.value,
          ...(old.structured_value !== undefined ? { structured_value: old.structured_value } : {}),
        }
      : toRequestParam(def);
  });
}

export type Side = 'provider' | 'vendor';

/**
 * Applies sent values. The provider sets ordering-phase values, the vendor fulfillment-phase values and
 * `value_error` on any parameter (to inquire). A changed value clears that parameter's error. Unknown ids,
 * read-only parameters and the other side's phase are refused with a 400 naming the parameter.
 */
export function applyParamInput(
  params: readonly RequestParam[],
  input: readonly ParamInput[] | undefined,
  side: Side,
): RequestParam[] {
  if (!input?.length) return [...params];
  const byId = new Map(params.map((p) => [p.id, { ...p }]));
  for (const change of input) {
    const p = byId.get(change.id);
    if (!p) throw ApiError.badRequest(`params: parameter ${change.id} does not exist on this request.`);
    const setsValue = change.value !== undefined || change.structured_value !== undefined;
    if (setsValue) {
      const ownPhase = side === 'provider' ? p.phase === 'ordering' : true;
      if (!ownPhase)
        throw ApiError.badRequest(`params: ${p.id} is a ${p.phase} parameter; only the vendor sets its value.`);
      if (p.constraints.readonly && side === 'provider') throw ApiError.badRequest(`params: ${p.id} is read-only.`);
      const changed =
        change.value !== p.value ||
        (change.structured_value !== undefined &&
          JSON.stringify(change.structured_value) !== JSON.stringify(p.structured_value));
      if (change.value !== undefined) p.value = change.value;
      if (change.structured_value !== undefined) p.structured_value = change.structured_value;
      if (changed) {
        p.value_error = '';
        delete p.structured_error;
      }
    }
    // A provider that round-trips the parameter objects sends value_error back, empty or as it read it: that is
    // no mark and is ignored (a changed value clears the vendor's mark above). Only a new, non-empty one is refused.
    const echoed = side !== 'vendor' && (!change.value_error || change.value_error === p.value_error);
    if (change.value_error !== undefined && !echoed) {
      if (side !== 'vendor') throw ApiError.badRequest(`params: only the vendor marks ${p.id} as invalid.`);
      p.value_error = change.value_error ?? '';
      if (!p.value_error) delete p.structured_error;
    }
    byId.set(p.id, p);
  }
  return params.map((p) => byId.get(p.id)!);
}

/**
 * Runs the shared validator over the parameters of the given phases and writes each problem into
 * `value_error` / `structured_error` (dynamic validation). Parameters of other phases keep their errors.
 */
export function validateParams(
  params: readonly RequestParam[],
  phases: readonly string[] = REQUEST_PHASES,
): { params: RequestParam[]; valid: boolean } {
  const checked = params.filter((p) => phases.includes(p.phase));
  const defs = checked.map((p) => ({ name: p.id, type: p.type, constraints: p.constraints as never }));
  const visible = new Set(visibleParameters(defs, checked).map((p) => p.name));
  const { errors } = validateParameterValues(defs, checked);
  let valid = true;
  const out = params.map((p) => {
    if (!phases.includes(p.phase)) return p;
    const e = visible.has(p.id) ? errors[p.id] : undefined;
    const next: RequestParam = {
      ...p,
      value_error: e?.value_error ?? (e?.structured_error ? Object.values(e.structured_error)[0] : ''),
    };
    if (e?.structured_error) next.structured_error = e.structured_error;
    else delete next.structured_error;
    if (next.value_error) valid = false;
    return next;
  });
  return { params: out, valid };
}

/** Parameters still marked invalid (by the vendor or by validation). */
export const invalidParams = (params: readonly RequestParam[]) => params.filter((p) => !!p.value_error);

/**
 * Dynamic validation that keeps an error someone marked (the vendor's inquiry) until that value changes
 * (`applyParamInput` clears the mark of a changed value). Asset requests and tier config requests both use it.
 */
export function validateKeepingMarks(params: readonly RequestParam[], phases: readonly string[]) {
  const checked = validateParams(params, phases);
  const out = checked.params.map((p, i) =>
    p.value_error || !params[i].value_error ? p : { ...p, value_error: params[i].value_error },
  );
  return { params: out, valid: invalidParams(out.filter((p) => phases.includes(p.phase))).length === 0 };
}

/** A 400 whose `fields` put each parameter's message on its field in the portal (spec §8). */
export function paramErrors(params: readonly RequestParam[], lead = 'Some parameters are not valid.'): ApiError {
  const bad = invalidParams(params);
  const fields = Object.fromEntries(bad.map((p) => [p.id, [p.value_error]]));
  const detail = bad.map((p) => ({
    id: p.id,
    value_error: p.value_error,
    ...(p.structured_error ? { structured_error: p.structured_error } : {}),
  }));
  return new ApiError(400, ErrorCode.validation, [lead, ...bad.map((p) => `${p.id}: ${p.value_error}`)], {
    fields,
    params: detail,
  });
}

/** A validator webhook's answer over the built-in checks: its errors (and corrected values) on the known parameters. */
export function withValidated(
  params: RequestParam[],
  answered: readonly ValidatedParam[] | null | undefined,
): RequestParam[] {
  if (!answered) return params;
  const byId = new Map(answered.map((p) => [p.id, p]));
  return params.map((p) => {
    const v = byId.get(p.id);
    if (!v) return p;
    const next = { ...p, value_error: v.value_error || p.value_error };
    if (typeof v.value === 'string') next.value = v.value;
    return next;
  });
}
