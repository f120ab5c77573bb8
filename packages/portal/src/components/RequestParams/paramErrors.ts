import type { RequestParam } from '@trellis/domain/fulfillment/common';
import type { ParamError } from '@trellis/domain/parameters/types';
import { ApiError, errorMessage } from '../../api/errors.ts';

/** Messages per parameter id, as the form shows them on the fields. */
export type ParamErrors = Record<string, ParamError>;

/** The errors a request (or tier config) carries on its parameters: `value_error` / `structured_error`. */
export function paramErrorsOf(
  params: readonly Pick<RequestParam, 'id' | 'value_error' | 'structured_error'>[],
): ParamErrors {
  const out: ParamErrors = {};
  for (const p of params) {
    if (p.value_error || (p.structured_error && Object.keys(p.structured_error).length)) {
      out[p.id] = {
        value_error: p.value_error || undefined,
        ...(p.structured_error ? { structured_error: p.structured_error } : {}),
      };
    }
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The per-parameter errors of a failed call (spec §8 "dynamic validation errors with per-parameter detail are
 * shown on the fields"): the body's `params` (a list of {id, value_error, structured_error} or a map by id),
 * else its `fields` restricted to the given parameter ids. Null when the error names no parameter.
 */
export function paramErrorsFromApi(err: unknown, ids: readonly string[]): ParamErrors | null {
  if (!(err instanceof ApiError) || !isRecord(err.text)) return null;
  const known = new Set(ids);
  const out: ParamErrors = {};
  const put = (id: unknown, e: unknown) => {
    if (typeof id !== 'string' || !known.has(id) || !isRecord(e)) return;
    const value_error = typeof e.value_error === 'string' && e.value_error ? e.value_error : undefined;
    const structured = isRecord(e.structured_error) ? (e.structured_error as Record<string, string>) : undefined;
    if (value_error || structured)
      out[id] = {
        value_error: value_error ?? (structured ? Object.values(structured)[0] : undefined),
        structured_error: structured,
      };
  };
  const { params, fields } = err.text;
  if (Array.isArray(params)) for (const e of params) put(isRecord(e) ? e.id : undefined, e);
  else if (isRecord(params)) for (const [id, e] of Object.entries(params)) put(id, e);
  if (!Object.keys(out).length && isRecord(fields)) {
    for (const [id, msgs] of Object.entries(fields)) {
      const first = Array.isArray(msgs) ? msgs.find((m) => typeof m === 'string') : undefined;
      if (first) put(id, { value_error: first });
    }
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The message of a failed call as the form names things: a line "tenant_id: This field is required" reads
 * "Mail tenant id: This field is required" (the parameter's title, as on its field).
 */
export function titledMessage(err: unknown, params: readonly Pick<RequestParam, 'id' | 'title'>[]): string {
  const titles = new Map(params.map((p) => [p.id, p.title || p.id]));
  return errorMessage(err)
    .split('\n')
    .map((line) => {
      const m = /^([\w.-]+): (.+)$/.exec(line);
      return m && titles.has(m[1]) ? `${titles.get(m[1])}: ${m[2]}` : line;
    })
    .join('\n');
}
