import { z } from 'zod';
import type { FieldType, FilterDecl, FilterOp } from './define.ts';

export const TEXT_OPS: FilterOp[] = ['eq', 'ne', 'like', 'ilike', 'in', 'out', 'null'];
export const ENUM_OPS: FilterOp[] = ['eq', 'ne', 'in', 'out'];
export const DATE_OPS: FilterOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'range', 'null'];
export const NUMBER_OPS: FilterOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'out', 'range'];
export const BOOL_OPS: FilterOp[] = ['eq', 'ne', 'null'];

// Rote filters derive from the schema: the object's id, name, status, type, external ids, its created / updated
// dates and events, and the id and name of every reference it holds. A declaration adds what is special.

/** Strip optional / nullable / default wrappers. */
function unwrap(t: z.ZodType): z.ZodType {
  let node: any = t;
  while (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
    node = node._zod.def.innerType;
  }
  return node;
}

/** The zod type at a dotted path of an object schema, or undefined. */
export function schemaAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  for (const part of path.split('.')) {
    const inner: z.ZodType | undefined = node ? unwrap(node) : undefined;
    if (inner instanceof z.ZodArray) node = unwrap(inner.element as z.ZodType);
    const obj: any = node ? unwrap(node) : undefined;
    if (!(obj instanceof z.ZodObject)) return undefined;
    node = (obj.shape as Record<string, z.ZodType>)[part];
  }
  return node;
}

/** A filter on one schema field, typed from the schema: enums offer their options. */
export function filterOf(schema: z.ZodType, path: string, ops?: readonly FilterOp[]): FilterDecl {
  const t = schemaAt(schema, path);
  if (!t) throw new Error(`No field ${path} in the schema`);
  const inner: any = unwrap(t);
  const leaf = inner instanceof z.ZodArray ? unwrap(inner.element as z.ZodType) : inner;
  let type: FieldType = 'string';
  let options: readonly string[] | undefined;
  if (leaf instanceof z.ZodEnum) options = (leaf as any).options as string[];
  else if (leaf instanceof z.ZodLiteral) options = [...(leaf as any).values].map(String);
  else if (leaf instanceof z.ZodNumber) type = 'number';
  else if (leaf instanceof z.ZodBoolean) type = 'boolean';
  if (type === 'string' && isDate(path)) type = 'datetime';
  const defaults: Record<FieldType, readonly FilterOp[]> = {
    string: options ? ENUM_OPS : TEXT_OPS,
    number: NUMBER_OPS,
    boolean: BOOL_OPS,
    datetime: DATE_OPS,
  };
  return { type, ops: ops ?? defaults[type], ...(options ? { options } : {}) };
}

const isDate = (path: string) => /(^|\.)(created|updated|at|date|[a-z_]+_date|[a-z_]+_at)$/.test(path);

const ROTE_TOP = ['id', 'name', 'status', 'type', 'external_id', 'external_uid', 'created', 'updated'];

/**
 * The rote filters of a schema: its id, name, status, type, external ids and dates; `events.created.at` and
 * `events.updated.at`; the `id` and `name` of every top-level reference and of each path in `refs`.
 */
export function roteFilters(schema: z.ZodType, refs: readonly string[] = []): Record<string, FilterDecl> {
  const obj: any = unwrap(schema);
  if (!(obj instanceof z.ZodObject)) throw new Error('roteFilters needs an object schema');
  const shape = obj.shape as Record<string, z.ZodType>;
  const out: Record<string, FilterDecl> = {};
  for (const key of ROTE_TOP) if (shape[key]) out[key] = filterOf(schema, key);
  if (shape.events) {
    out['events.created.at'] = { type: 'datetime', ops: DATE_OPS };
    out['events.updated.at'] = { type: 'datetime', ops: DATE_OPS };
  }
  const isRef = (path: string) => {
    const t = schemaAt(schema, path);
    const inner: any = t && unwrap(t);
    return inner instanceof z.ZodObject && 'id' in (inner.shape as object);
  };
  const topRefs = Object.keys(shape).filter((k) => k !== 'events' && isRef(k));
  for (const ref of [...topRefs, ...refs]) {
    if (!isRef(ref)) throw new Error(`${ref} is not a reference (an object with an id)`);
    out[`${ref}.id`] = filterOf(schema, `${ref}.id`, TEXT_OPS);
    if (schemaAt(schema, `${ref}.name`)) out[`${ref}.name`] = filterOf(schema, `${ref}.name`, TEXT_OPS);
  }
  return out;
}
