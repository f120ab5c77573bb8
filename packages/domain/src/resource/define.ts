import type { z } from 'zod';

// One declaration per resource. The server derives routes, validation, RQL allow-lists, paging,
// OpenAPI and permission checks from it; the portal derives list columns, filters and actions.

export type FilterOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'ilike' | 'in' | 'out' | 'null' | 'range';
export type FieldType = 'string' | 'number' | 'boolean' | 'datetime';
export type AccountKind = 'vendor' | 'provider';

export const TEXT_OPS: FilterOp[] = ['eq', 'ne', 'like', 'ilike', 'in', 'out', 'null'];
export const ENUM_OPS: FilterOp[] = ['eq', 'ne', 'in', 'out'];
export const DATE_OPS: FilterOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'range', 'null'];
export const NUMBER_OPS: FilterOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'out', 'range'];
export const BOOL_OPS: FilterOp[] = ['eq', 'ne', 'null'];

export interface FilterDecl {
  type: FieldType; ops: readonly FilterOp[]; label?: string; options?: readonly string[];
  /** Accepted by the API (reference clients send it) but not offered as a separate filter in the portal. */
  alias?: boolean;
}

export interface ActionDecl {
  /** Statuses the action may start from; omitted = any. */
  from?: readonly string[];
  /** Status after the action; omitted = unchanged or decided by the handler. */
  to?: string;
  /** Request body, when the action takes one. */
  body?: z.ZodType;
  label?: string;
  /** Which side may run it; omitted = whoever can write the resource. */
  by?: readonly AccountKind[];
}

export interface ResourceDecl<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** Collection path under /public/v1 with `:param` segments for parents. */
  path: string;
  /** Permission module id; MD-0000 grants all; '' = none needed (the caller's own objects, e.g. sessions). */
  module: string;
  schema: S;
  create?: z.ZodType;
  update?: z.ZodType;
  remove?: boolean;
  filters: Record<string, FilterDecl>;
  ordering: readonly string[];
  defaultOrdering?: string;
  search: readonly string[];
  statuses?: readonly string[];
  actions?: Record<string, ActionDecl>;
  visibleTo?: readonly AccountKind[];
  /** Dashboard-style columns for the generic table. */
  columns?: readonly string[];
}

export function defineResource<S extends z.ZodType>(decl: ResourceDecl<S>): ResourceDecl<S> {
  return decl;
}

/** Statuses from which an action may run, or null when any status will do. */
export function actionsAllowedFrom(decl: ResourceDecl, status: string | undefined): string[] {
  return Object.entries(decl.actions ?? {})
    .filter(([, a]) => !a.from || (status !== undefined && a.from.includes(status)))
    .map(([name]) => name);
}
