import type { z } from 'zod';
import type { DetailDecl, Fields, ListDecl } from './fields.ts';
import type { MachineDecl, Side, Viewer } from './machine.ts';

// One declaration per resource. The server derives routes, validation, RQL allow-lists, paging, OpenAPI,
// permission checks and the generic effects of transitions from it; the portal derives list columns, filters,
// detail fields, the action bar and its dialogs.

export type FilterOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'ilike' | 'in' | 'out' | 'null' | 'range';
export type FieldType = 'string' | 'number' | 'boolean' | 'datetime';
export type AccountKind = Side;

export interface FilterDecl {
  type: FieldType;
  ops: readonly FilterOp[];
  label?: string;
  options?: readonly string[];
  /** How each option reads in the portal's choice filter, where the field has no display `labels` (numbers). */
  labels?: Readonly<Record<string, string>>;
  /** Accepted by the API (reference clients send it) but not offered as a separate filter in the portal. */
  alias?: boolean;
}

export interface ResourceDecl<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** Plural noun for lists and empty states; default `<title>s` in lower case. */
  noun?: string;
  /** Collection path under /public/v1 with `:param` segments for parents. */
  path: string;
  /** Permission module id; MD-0000 grants all; '' = none needed (the caller's own objects, e.g. sessions). */
  module: string;
  /**
   * Further modules that grant reading (never writing): the helpdesk (MD-0023, every user's) reads the partners a
   * case can go to, and their products, without the partners module.
   */
  readableWith?: readonly string[];
  schema: S;
  create?: z.ZodType;
  update?: z.ZodType;
  remove?: boolean;
  /** How the portal words DELETE when it is not plain deletion (decommission, remove a member). */
  removal?: {
    label: string;
    title?: (obj: any) => string;
    confirm: (obj: any) => string;
    done: (obj: any) => string;
    /** The object stays (marked) after DELETE: the page shows it again instead of leaving. */
    keeps?: boolean;
  };
  filters: Record<string, FilterDecl>;
  ordering: readonly string[];
  defaultOrdering?: string;
  search: readonly string[];
  /** Statuses, actions and the edit / delete rules. */
  machine?: MachineDecl<any>;
  visibleTo?: readonly Side[];
  /** Reference data every account reads alike (countries, locales): no tenant owns it. */
  shared?: boolean;
  /** Sides that may create, update and delete; default every side that sees it (with the module). */
  writableBy?: readonly Side[];
  /** How each shown field reads. */
  fields?: Fields;
  list?: ListDecl;
  detail?: DetailDecl;
}

export function defineResource<S extends z.ZodType>(decl: ResourceDecl<S>): ResourceDecl<S> {
  for (const key of [...(decl.list?.columns ?? []), ...(decl.detail?.fields ?? [])]) {
    if (!decl.fields?.[key]) throw new Error(`${decl.name}: field ${key} is shown but not described in fields`);
  }
  return decl;
}

export const statusesOf = (decl: Pick<ResourceDecl, 'machine'>): string[] => Object.keys(decl.machine?.statuses ?? {});

export const nounOf = (decl: Pick<ResourceDecl, 'noun' | 'title'>) => decl.noun ?? `${decl.title.toLowerCase()}s`;

/** May this side write the resource (before any per-object rule)? */
export const sideWrites = (decl: Pick<ResourceDecl, 'writableBy'>, side: Side) =>
  !decl.writableBy || decl.writableBy.includes(side);

/** The per-object update rule: null when this viewer may edit `obj` now. */
export const editRefusal = <T>(decl: ResourceDecl, obj: T, viewer: Viewer) =>
  decl.machine?.editable?.(obj as never, viewer) ?? null;
export const deleteRefusal = <T>(decl: ResourceDecl, obj: T, viewer: Viewer) =>
  decl.machine?.deletable?.(obj as never, viewer) ?? null;

export { TEXT_OPS, ENUM_OPS, DATE_OPS, NUMBER_OPS, BOOL_OPS } from './filters.ts';
