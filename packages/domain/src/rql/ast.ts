/**
 * RQL (Resource Query Language) AST, as defined by CloudBlue Connect / `cloudblue/lib-rql`.
 * Isomorphic: no Node or DOM imports.
 */

export type RqlCompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'ilike';

/** `null()` -> null, `empty()` -> '', everything else a decoded string (typing happens in the compiler). */
export type RqlValue = string | null;

export type RqlNode =
  | { type: 'and' | 'or'; args: RqlNode[] }
  | { type: 'not'; arg: RqlNode }
  | { type: 'compare'; op: RqlCompareOp; field: string; value: RqlValue }
  | { type: 'list'; op: 'in' | 'out'; field: string; values: RqlValue[] }
  | { type: 'null'; field: string; isNull: boolean }
  | { type: 'range'; field: string; from: RqlValue; to: RqlValue };

export interface RqlQuery {
  /** Top-level terms joined with AND (a single term is returned as-is). */
  filter: RqlNode | null;
  select: { include: string[]; exclude: string[] } | null;
  ordering: { field: string; desc: boolean }[];
  limit: number | null;
  offset: number | null;
  search: string | null;
}

/** Every parse/serialize failure. The message names the problem and (0-based) position. */
export class RqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RqlError';
  }
}

export const RQL_COMPARE_OPS: readonly RqlCompareOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'ilike'];

/** Dotted field path: segments of `[A-Za-z0-9_]`, the first starting with a letter or `_`. */
export const RQL_FIELD_RE = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/;

export function emptyRqlQuery(): RqlQuery {
  return { filter: null, select: null, ordering: [], limit: null, offset: null, search: null };
}

/** Does a filter name `field` anywhere (e.g. a list that hides deleted objects unless the query asks about status)? */
export function rqlMentions(node: RqlNode | null | undefined, field: string): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'and':
    case 'or':
      return node.args.some((a) => rqlMentions(a, field));
    case 'not':
      return rqlMentions(node.arg, field);
    default:
      return node.field === field;
  }
}
