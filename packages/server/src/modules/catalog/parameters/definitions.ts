import { sql, type Transaction } from 'kysely';
import {
  ErrorCode,
  SCOPES_BY_PHASE,
  parameterDefinitionIssues,
  type Parameter,
  type ParameterDefinition,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import type { Db } from '../../../resources/engine.ts';

/** Stored constraints always carry every flag, so filters like eq(constraints.required,true) see false too. */
export function normaliseConstraints(c: Record<string, any> | null | undefined): Parameter['constraints'] {
  const src = c ?? {};
  const out: Parameter['constraints'] = {
    required: Boolean(src.required),
    hidden: Boolean(src.hidden),
    readonly: Boolean(src.readonly),
    unique: Boolean(src.unique),
    reconciliation: Boolean(src.reconciliation),
    choices: src.choices ?? [],
    min_length: src.min_length ?? null,
    max_length: src.max_length ?? null,
    meta: src.meta ?? {},
    dependency: src.dependency ?? null,
  };
  for (const k of ['shared', 'level', 'display_content'] as const)
    if (src[k] !== undefined && src[k] !== null) out[k] = src[k];
  return out;
}

/** Merge a partial constraints update: given keys replace, null removes. */
export function mergeConstraints(current: Parameter['constraints'], patch: Record<string, unknown> | undefined) {
  if (!patch) return current;
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return normaliseConstraints(merged);
}

/** The first scope a phase allows (default for new parameters and after a phase change). */
export const defaultScope = (phase: Parameter['phase']) => SCOPES_BY_PHASE[phase][0] as Parameter['scope'];

export async function productParameters(db: Db, productId: string): Promise<Parameter[]> {
  const { rows } = await sql<{
    data: Parameter;
  }>`select data from product_parameters where product_id = ${productId} order by position, id`.execute(db);
  return rows.map((r) => r.data);
}

const asDefinition = (p: Parameter): ParameterDefinition => p as unknown as ParameterDefinition;

/** 400 with "path: message" for every problem of the definition, including dependents it would break. */
export function assertDefinition(next: Parameter, siblings: readonly Parameter[]) {
  const others = siblings.filter((s) => s.id !== next.id);
  const all = [...others, next].map(asDefinition);
  const messages = parameterDefinitionIssues(asDefinition(next), all).map((i) => `${i.path}: ${i.message}`);
  // Parameters that depend on this one must still make sense after the change.
  for (const s of others) {
    const dep = s.constraints.dependency?.parameter;
    if (!dep || (dep.name !== next.name && dep.id !== next.id)) continue;
    for (const i of parameterDefinitionIssues(asDefinition(s), all)) {
      messages.push(`${i.path}: Parameter '${s.name}' depends on this one: ${i.message}`);
    }
  }
  if (messages.length) throw new ApiError(400, ErrorCode.validation, messages);
}

/** Next PRM id of a product: PRM-<product digits>-<4-digit sequence>; numbers are never reused. */
export async function nextParameterId(db: Transaction<DB>, productId: string): Promise<string> {
  const { rows } = await sql<{
    last: number;
  }>`insert into product_parameter_sequences (product_id, last) values (${productId}, 1)
    on conflict (product_id) do update set last = product_parameter_sequences.last + 1 returning last`.execute(db);
  return `PRM-${productId.replace(/^PRD-/, '')}-${String(rows[0].last).padStart(4, '0')}`;
}
