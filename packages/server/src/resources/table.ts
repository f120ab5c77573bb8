import { getPath } from '@trellis/domain';
import type { ColumnType } from 'kysely';

// Storage declared once (DESIGN §3): each table is a map from its columns to the object paths they copy. Rows
// written by the engine, the field → column map of RQL, and the Kysely row types all derive from it; the
// migrations create the same columns, and test/storage-maps.test.ts compares each map with the migrated schema.

export type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
export type Json = ColumnType<any, any, any>;

/** SQL types as information_schema.columns names them. */
export type SqlType = 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamp with time zone' | 'jsonb' | 'numeric';

interface TsOf {
  text: string;
  integer: number;
  bigint: string;
  boolean: boolean;
  'timestamp with time zone': Timestamp;
  jsonb: Json;
  numeric: string;
}

export interface Column<K extends SqlType = SqlType, N extends boolean = boolean, G extends boolean = boolean> {
  type: K;
  allowsNull: N;
  /** Has a database default; an insert may leave it out. */
  hasDefault: G;
  /** The object path the column copies (`asset.product.id`); the engine writes it from the object. */
  path?: string;
  /** Or: how the column derives from the object, when it is not one path. */
  get?: (obj: any) => unknown;
}

interface Builder<K extends SqlType, N extends boolean, G extends boolean> extends Column<K, N, G> {
  nullable(): Builder<K, true, G>;
  /** The database fills it when an insert leaves it out. */
  generated(): Builder<K, N, true>;
}

function column<K extends SqlType>(type: K, source?: string | ((obj: any) => unknown)): Builder<K, false, false> {
  return builderOf(type, false, false, source);
}

function builderOf<K extends SqlType, N extends boolean, G extends boolean>(
  type: K,
  nullable: N,
  generated: G,
  source: string | ((obj: any) => unknown) | undefined,
): Builder<K, N, G> {
  const data: Column<K, N, G> = {
    type,
    allowsNull: nullable,
    hasDefault: generated,
    ...(typeof source === 'string' ? { path: source } : source ? { get: source } : {}),
  };
  return Object.assign(Object.create(methods(type, nullable, generated, source)), data);
}

function methods<K extends SqlType, N extends boolean, G extends boolean>(
  type: K,
  nullable: N,
  generated: G,
  source: string | ((obj: any) => unknown) | undefined,
) {
  return {
    nullable: () => builderOf(type, true, generated, source),
    generated: () => builderOf(type, nullable, true, source),
  };
}

/** Column types; the argument is the object path the column copies (or a function of the object), if any. */
export const text = (source?: string | ((obj: any) => unknown)) => column('text', source);
export const int = (source?: string | ((obj: any) => unknown)) => column('integer', source);
export const bigint = (source?: string | ((obj: any) => unknown)) => column('bigint', source);
export const bool = (source?: string | ((obj: any) => unknown)) => column('boolean', source);
export const timestamp = (source?: string | ((obj: any) => unknown)) => column('timestamp with time zone', source);
export const jsonb = (source?: string | ((obj: any) => unknown)) => column('jsonb', source);
export const numeric = (source?: string | ((obj: any) => unknown)) => column('numeric', source);

export type Columns = Record<string, Column>;

export interface Table<C extends Columns = Columns, D extends boolean = boolean> {
  name: string;
  columns: C;
  /** Whether the table keeps the object as returned in a `data` jsonb column. */
  data: D;
  /**
   * Whether it also keeps `data_text`, the object's JSON text (nulls stripped), which a trigger sets from `data` on
   * every write. Lists and gets send it as it is: converting `data` to text at each read cost more than the rest of a
   * page's query (migration 0047). For the tables whose lists are long and read often.
   */
  text?: boolean;
}

/** A table of objects: the declared columns plus `data`, the object as the API returns it. */
export function defineTable<C extends Columns>(name: string, columns: C, opts?: { text: true }): Table<C, true>;
/** A table without `data` (join and bookkeeping tables). */
export function defineTable<C extends Columns>(name: string, columns: C, opts: { data: false }): Table<C, false>;
export function defineTable<C extends Columns>(
  name: string,
  columns: C,
  opts: { data?: boolean; text?: boolean } = {},
): Table<C> {
  return { name, columns, data: opts.data ?? true, ...(opts.text ? { text: true } : {}) };
}

type Cell<C> =
  C extends Column<infer K, infer N, infer G>
    ? G extends true
      ? ColumnType<(N extends true ? TsOf[K] | null : TsOf[K]) extends infer V ? V : never, any, any>
      : N extends true
        ? TsOf[K] | null
        : TsOf[K]
    : never;

/** The Kysely row type of a declared table. */
export type RowOf<T extends Table<Columns, boolean>> = {
  [K in keyof T['columns']]: Cell<T['columns'][K]>;
} & (T['data'] extends true ? { data: Json } : unknown);

/** The columns the engine writes for an object: every column with a path or a getter. */
export function rowOf(table: Table, obj: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, c] of Object.entries(table.columns)) {
    if (c.path) row[name] = getPath(obj, c.path) ?? null;
    else if (c.get) row[name] = c.get(obj) ?? null;
  }
  return row;
}

/** Public field → column, for RQL: each column's path (and `aliases`, other field names of the same column). */
export function fieldColumns(table: Table, aliases: Record<string, string> = {}): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [name, c] of Object.entries(table.columns)) if (c.path) map[c.path] ??= name;
  for (const [alias, path] of Object.entries(aliases)) {
    const col = map[path] ?? (path in table.columns ? path : undefined);
    if (!col) throw new Error(`${table.name}: alias ${alias} names ${path}, which no column copies`);
    map[alias] = col;
  }
  return map;
}
