import {
  ErrorCode,
  parseRql,
  refusal,
  stateOf,
  withState,
  rqlMentions,
  RqlError,
  sideWrites,
  nounOf,
  type FilterDecl,
  type Refusal,
  type ResourceDecl,
  type RqlQuery,
} from '@trellis/domain';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { actorOf, can, viewerOf, type Ctx } from '../http/context.ts';
import { ApiError, fromZod } from '../http/errors.ts';
import { jsonArray, omitNulls } from '../http/wire.ts';
import { recordAudit } from './audit.ts';
import { fieldColumns, rowOf as tableRow, type Table } from './table.ts';
import { traitHandlers } from './traits.ts';
import { referenceFilters } from './reference.ts';
import { arraySteps } from './schema-paths.ts';
import { compileFilter, compileOrdering, compileSearch, QueryError, type QuerySpec, type Through } from './rql-sql.ts';
import { storeHookOf } from './store-hooks.ts';
import { foldSoon, keptTotal, type Side } from './kept-counts.ts';
import { runShaped, runSlotted } from './shaped-statements.ts';

export type Db = Kysely<DB> | Transaction<DB>;
export type Params = Record<string, string>;
export type Obj = Record<string, any>;

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** How a declared resource is stored and who sees it. The routes are derived from this. */
export interface Served<T extends Obj = Obj> {
  decl: ResourceDecl;
  /** The declared table (resources/table.ts): its columns and the object paths they copy. */
  table: Table | (keyof DB & string);
  /** Legacy (tables not declared yet): columns derived from the object, written on every insert and update. */
  row?(obj: T): Record<string, unknown>;
  /**
   * Public field name → SQL column (alias t) beyond the declared columns' paths (filter aliases such as
   * `asset_id`); other fields are read from the jsonb `data`. For a legacy table: the whole map.
   */
  columns?: Record<string, string>;
  /**
   * Public field → the path in the stored `data` it is read from, when the answer is a view of the stored object
   * under other names (a contract listed as a partner: `name` is the stored `owner.name`).
   */
  paths?: Record<string, string>;
  /**
   * Visibility of rows to this caller, including parent path parameters. Another tenant's row never matches. A
   * resource declares this or `side`.
   */
  scope?(ctx: Ctx, params: Params): RawBuilder<boolean>;
  /**
   * Visibility as one party column equal to the caller's account (`t.vendor_id = …`): that column and id, from which
   * the engine makes the scope. Lists of a table the database keeps counts of (migration 0044) then read their
   * totals from the counts (kept-counts.ts).
   */
  side?(ctx: Ctx): Side;
  /** The object as returned; `include` holds the `select(+x)` extras asked for. */
  present?(obj: T, ctx: Ctx, include: string[], db: Db): T | Promise<T>;
  /** Like `present`, for a whole page at once: one query for the page instead of one per row. */
  presentMany?(objs: T[], ctx: Ctx, include: string[], db: Db): Promise<T[]>;
  /**
   * Whether present/presentMany change objects for these `select(+x)` extras; when they do not, lists send the
   * stored JSON as it is (see listJson). Default: whenever either hook exists.
   */
  presents?(include: string[]): boolean;
  create?(ctx: Ctx, input: any, params: Params, db: Transaction<DB>): Promise<Created<T>>;
  /** Work that needs the new row to exist (rows referencing it), in the create's transaction; may return a changed object. */
  afterCreate?(ctx: Ctx, obj: T, db: Transaction<DB>): Promise<T>;
  update?(ctx: Ctx, current: T, input: any, params: Params, db: Transaction<DB>): Promise<T>;
  /** Removal: default deletes the row; a handler may instead mark it deleted and return the object. */
  remove?(ctx: Ctx, current: T, params: Params, db: Transaction<DB>): Promise<T | void>;
  /**
   * Effects of state-machine actions beyond the generic ones, by action name. The engine locks the row, checks
   * side, status and guard, then applies the declared `to`, `updated` and the event stamp; an action without a
   * handler is a pure transition.
   */
  actions?: Partial<Record<string, ActionHandler<T>>>;
  /**
   * Work an action needs from outside the database (a DNS lookup, a validator webhook), by action name: it runs
   * before the action's transaction with the action's (parsed) body, so no row lock waits on the network, and its
   * result reaches the handler as `prepared`.
   */
  prepare?: Partial<Record<string, (ctx: Ctx, current: T, body: any, db: Kysely<DB>) => Promise<unknown>>>;
  /** Which account owns an object (for audit); default row(obj).account_id. */
  owner?(obj: T): string;
  /** Column matched by the `:id` path parameter; default columns.id or 'id'. */
  idColumn?: string;
  /** How the `:id` path parameter finds the row, when more than one column names it (alias t); default idColumn. */
  lookup?(id: string): RawBuilder<boolean>;
  /**
   * For tables written in bulk (usage records, a million rows per file): the filter columns that an index of the
   * table already leads (the primary key, an ordering's btree) stay out of its GIN index (resources/indexes.ts),
   * where each would cost every insert about as much as a btree of its own; a bitmap scan of that btree serves their
   * eq, in and ranges, alone or ANDed with the GIN. `led`: columns that an index of the table's migrations leads.
   */
  leanFilterIndex?: boolean | { led: readonly string[] };
  /**
   * For tables written in bulk: the object is composed in SQL (`object`, an expression over the row `t`) from the
   * columns and a lean `data` that holds only what no column holds; `inColumns` are the top-level keys the columns
   * hold, which the engine leaves out of `data` when it writes. A usage record's row is then half as wide.
   */
  composed?: { object: RawBuilder<unknown>; inColumns: readonly string[] };
  /**
   * For tables written in bulk: filter columns whose value a parent row holds for all its children (a usage
   * record's product, by its file), by column. Their filters are tested on the parent, whose index serves them,
   * and the table's own filter index leaves them out (rql-sql `through`).
   */
  through?: Record<string, Through>;
  /** Whether the parent in the path (`/accounts/:accountId/...`) is visible; false → 404 on list and create. */
  parentVisible?(ctx: Ctx, params: Params, db: Db): boolean | Promise<boolean>;
  /** Extra access rule for writes beyond the module, `writableBy` and the machine's rules (e.g. own account only). */
  canWrite?(ctx: Ctx, params: Params): boolean;
  /** Extra condition for lists only (e.g. hide deleted objects unless the query asks for a status). */
  listWhere?(ctx: Ctx, query: RqlQuery): RawBuilder<boolean> | null;
  /** Fields returned once to the caller but never stored in `data` (e.g. a new token's secret). */
  transient?: readonly string[];
  /** Columns identifying an object's row, when the table has no `id` column (composite keys). */
  key?(obj: T): Record<string, unknown>;
  /**
   * The list may be read with a confirmation code instead of a session (`?code=…`; GET /users?code= is how the
   * invitation page reads who is invited, and to which account): the context the code grants and the resource as
   * that caller reads it, narrowed to what the code names. An invalid code is a 401, an expired one a 403.
   */
  byCode?(db: Kysely<DB>, req: FastifyRequest, code: string): Promise<{ ctx: Ctx; served: Served<T> }>;
}

/** A list that leaves out objects in `status` unless the query filters on status itself. */
export const hideStatusUnlessAsked = (status: string) => (_ctx: Ctx, query: RqlQuery) =>
  rqlMentions(query.filter, 'status') ? null : sql<boolean>`t.status <> ${status}`;

export type Created<T> = T | { object: T; extra: Record<string, unknown> };
export type ActionHandler<T> = (
  ctx: Ctx,
  current: T,
  body: any,
  params: Params,
  db: Transaction<DB>,
  prepared?: unknown,
) => Promise<T>;

export const tableName = (res: Served<any>): keyof DB & string =>
  (typeof res.table === 'string' ? res.table : res.table.name) as keyof DB & string;

/** The columns written from an object (besides `data`). */
export function rowFor(res: Served<any>, obj: Obj): Record<string, unknown> {
  if (typeof res.table !== 'string') return tableRow(res.table, obj);
  if (!res.row) throw new Error(`${res.decl.name}: a legacy table needs row()`);
  return res.row(obj);
}

const columnCache = new WeakMap<Served<any>, Record<string, string>>();
/** Public field → column. */
export function columnMap(res: Served<any>): Record<string, string> {
  let map = columnCache.get(res);
  if (!map) {
    map = typeof res.table === 'string' ? (res.columns ?? {}) : fieldColumns(res.table, res.columns ?? {});
    columnCache.set(res, map);
  }
  return map;
}

const now = () => new Date().toISOString();

/** Stamp events.created / events.updated the way the reference does. */
export function stampCreated<T extends Obj>(ctx: Ctx, obj: T): T {
  const by = actorOf(ctx);
  const at = now();
  return { ...obj, events: { ...(obj.events ?? {}), created: { at, by }, updated: { at, by } } };
}
/** Stamp events.updated (and `event`, when given) and move a top-level `updated` date along. */
export function stampUpdated<T extends Obj>(ctx: Ctx, obj: T, event = 'updated'): T {
  const at = now();
  const stamp = { at, by: actorOf(ctx) };
  const moved = 'updated' in obj && typeof obj.updated === 'string' ? { updated: at } : {};
  return { ...obj, ...moved, events: { ...(obj.events ?? {}), [event]: stamp, updated: stamp } };
}

// ---------------------------------------------------------------- querying

function querySpec(res: Served<any>): QuerySpec {
  const columns = columnMap(res);
  const ref = (name: string) =>
    columns[name] ? { column: columns[name] } : { json: (res.paths?.[name] ?? name).split('.') };
  const fields: QuerySpec['fields'] = {};
  for (const [name, f] of Object.entries(res.decl.filters) as [string, FilterDecl][]) {
    const target = ref(name);
    // a declared path through a list (`asset.params.id`) matches any element
    const arrays = target.json && arraySteps(res.decl.schema, target.json);
    const through = target.column !== undefined ? res.through?.[target.column] : undefined;
    fields[name] = arrays?.includes(true)
      ? { ...target, type: f.type, ops: f.ops, lax: true, arrays }
      : { ...target, type: f.type, ops: f.ops, ...(through && { through }) };
  }
  const ordering: QuerySpec['ordering'] = {};
  for (const name of res.decl.ordering) ordering[name] = ref(name);
  // Connect clients send the reference's filters: each is accepted with its documented lookups, on the declared
  // field of that name or else on the value at that path of the object, laxly (any element of an array on the way)
  for (const [sent, r] of Object.entries(referenceFilters(res.decl.path))) {
    const [, path, lookup] = /^(.+?)(?:__(icontains|is_null|exact))?$/.exec(sent)! as unknown as [
      string,
      string,
      'icontains' | 'is_null' | 'exact' | undefined,
    ];
    const name = path.replaceAll('__', '.');
    if (lookup && lookup !== 'exact') {
      fields[`${name}.${lookup}`] ??= { json: name.split('.'), type: 'string', ops: r.ops, lax: true, lookup };
      continue;
    }
    const own = fields[name];
    if (own) fields[name] = { ...own, ops: [...new Set([...own.ops, ...r.ops])] };
    else if (name.split('.').every((k) => /^[A-Za-z0-9_]+$/.test(k)))
      fields[name] = { json: name.split('.'), type: r.type, ops: r.ops, lax: true };
    if (lookup && fields[name]) fields[`${name}.exact`] ??= fields[name];
    if (r.ordering) ordering[name] ??= ref(name);
  }
  return { table: 't', fields, ordering, search: res.decl.search.map(ref) };
}

const specCache = new WeakMap<Served<any>, QuerySpec>();
export function specOf(res: Served<any>): QuerySpec {
  let spec = specCache.get(res);
  if (!spec) specCache.set(res, (spec = querySpec(res)));
  return spec;
}

/** Parsed query strings, most recent last: most calls repeat a handful of them (a list's pages, its filters). */
const parsedQueries = new Map<string, RqlQuery>();
const PARSED_QUERIES = 1000;
/** The query string each kept parse came from: a list's statements are kept per query string (runSlotted). */
const queryStrings = new WeakMap<RqlQuery, string>();

/** The RQL of a query string, or a 400 naming the problem; frozen, as it is shared by every call that sends it. */
export function parseQuery(raw: string): RqlQuery {
  const known = parsedQueries.get(raw);
  if (known) return known;
  let query: RqlQuery;
  try {
    query = deepFreeze(parseRql(raw));
  } catch (e) {
    if (e instanceof RqlError) throw new ApiError(400, ErrorCode.query, [e.message]);
    throw e;
  }
  if (parsedQueries.size >= PARSED_QUERIES) parsedQueries.delete(parsedQueries.keys().next().value!);
  parsedQueries.set(raw, query);
  queryStrings.set(query, raw);
  return query;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Compile RQL into SQL; a query the spec does not allow is a 400 naming the problem. */
export function compiled<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof QueryError || e instanceof RqlError) throw new ApiError(400, ErrorCode.query, [e.message]);
    throw e;
  }
}

async function checkRead(res: Served<any>, ctx: Ctx, db: Db, params?: Params, write = false) {
  if (params && res.parentVisible && !(await res.parentVisible(ctx, params, db))) throw ApiError.notFound();
  if (res.decl.visibleTo && !res.decl.visibleTo.includes(ctx.account.type)) throw ApiError.notFound(res.decl.title);
  // An empty module means no permission is needed (the caller's own objects, e.g. sessions).
  const { module, readableWith = [] } = res.decl;
  if (module && !can(ctx, module) && (write || !readableWith.some((m) => can(ctx, m))))
    throw ApiError.forbidden(`Access to module ${module} is not granted.`);
}

export async function checkWrite(res: Served<any>, ctx: Ctx, params: Params, db: Db) {
  await checkRead(res, ctx, db, params, true);
  if (!sideWrites(res.decl, ctx.account.type))
    throw ApiError.forbidden(`Only ${res.decl.writableBy!.join(' or ')} accounts manage ${nounOf(res.decl)}.`);
  if (res.canWrite && !res.canWrite(ctx, params)) throw ApiError.forbidden();
}

/** A refusal of the machine's rules as the API answers it: 400 for status and guard, 403 for the side. */
export function refused(r: Refusal): ApiError {
  if (r.kind === 'side') return ApiError.forbidden(r.message);
  return new ApiError(400, r.kind === 'status' ? ErrorCode.transition : ErrorCode.validation, [r.message]);
}

export interface ListResult<T> {
  items: T[];
  total: number;
  offset: number;
}

/** The rows this caller sees: the resource's scope, or its side's party column equal to `sideId`. */
function scopeOf(res: Served<any>, ctx: Ctx, params: Params, sideId?: string): RawBuilder<boolean> {
  if (res.scope) return res.scope(ctx, params);
  const side = res.side!(ctx);
  return sql<boolean>`${sql.ref(`t.${side.column}`)} = ${sideId ?? side.id}`;
}

/** The SQL of a list: visibility, filters, search, ordering and the page. */
async function listSql<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  query: RqlQuery,
  db: Db,
  extraWhere?: RawBuilder<boolean>,
) {
  await checkRead(res, ctx, db, params);
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT) throw new ApiError(400, ErrorCode.query, [`limit must be at most ${MAX_LIMIT}.`]);
  const offset = query.offset ?? 0;
  const listWhere = res.listWhere?.(ctx, query);
  // the caller's party alone decides what it sees: totals may come from what the database keeps, and the
  // statements are the same for every caller of that side sending this query string
  const side = extraWhere || listWhere || res.scope ? undefined : res.side?.(ctx);
  const statements = (sideId?: string) => {
    const spec = specOf(res);
    const where: RawBuilder<boolean>[] = [scopeOf(res, ctx, params, sideId)];
    if (extraWhere) where.push(extraWhere);
    if (listWhere) where.push(listWhere);
    if (query.filter) where.push(compiled(() => compileFilter(query.filter!, spec)));
    if (query.search) {
      const s = compiled(() => compileSearch(query.search!, spec));
      if (s) where.push(s);
    }
    const ordering = query.ordering.length ? query.ordering : defaultOrdering(res);
    const orderBy = compiled(() => compileOrdering(ordering, spec));
    const table = sql.table(tableName(res));
    const cond = sql.join(where, sql` and `);
    // id breaks ties in the direction of the first key, so one (key, id) index serves both directions
    const tieDir = ordering[0]?.desc ? sql`desc` : sql`asc`;
    const order = sql.join([...orderBy, sql`t.${sql.ref(idColumn(res))} ${tieDir}`]);
    return {
      count:
        keptTotal(tableName(res), side && { column: side.column, id: sideId! }, query, spec) ??
        sql<{ total: string }>`select count(*) as total from ${table} t where ${cond}`,
      page: <R>(asText: boolean) =>
        sql<{ data: R }>`select ${asText ? jsonTextOf(res) : objectOf(res)} as data
        from ${table} t where ${cond} order by ${order} limit ${limit} offset ${offset}`,
    };
  };
  const raw = side && queryStrings.get(query);
  // kept per query string when the caller's party alone scopes it; otherwise (or for a query built in code, with
  // no string) built for this call, where a filter or ordering the spec refuses is a 400 before anything runs
  const built = raw === undefined ? statements(side?.id) : undefined;
  const run = <R>(what: string, pick: (s: ReturnType<typeof statements>) => RawBuilder<R>) =>
    built
      ? pick(built).execute(db)
      : runSlotted(res, `${what} ${side!.column} ${raw}`, side!.id, (id) => pick(statements(id)), db);
  return {
    limit,
    offset,
    count: () => run('count', (s) => s.count).then(({ rows }) => Number(rows[0].total)),
    /** The page's `data`, as objects or (`asText`) as the stored JSON text. */
    page: <R>(asText: boolean) =>
      run(asText ? 'text' : 'object', (s) => s.page<R>(asText)).then(({ rows }) => rows.map((r) => r.data)),
  };
}

/** A page of visible objects matching the RQL query. */
export async function listObjects<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  query: RqlQuery,
  db: Db,
  extraWhere?: RawBuilder<boolean>,
): Promise<ListResult<T>> {
  const q = await listSql(res, ctx, params, query, db, extraWhere);
  if (q.limit === 0) return { items: [], total: await q.count(), offset: q.offset };
  // both at once on the pool; Promise.all so a failing page leaves no unhandled count rejection
  const [rows, total] = await Promise.all([q.page<T>(false), q.count()]);
  const include = query.select?.include ?? [];
  const items = res.presentMany
    ? await res.presentMany(rows, ctx, include, db)
    : await Promise.all(rows.map((r) => presentOne(res, r, ctx, include, db)));
  return { items: items.map((o) => applySelect(o, query)), total, offset: q.offset };
}

export interface ListJson {
  /** The JSON array: a page of stored texts comes encoded already (jsonArray). */
  json: string | Buffer;
  count: number;
  total: number;
  offset: number;
}

/**
 * A page as a JSON array. Objects that presenting and select() would leave as stored are sent as the stored JSON
 * text: parsing and re-serialising large objects is most of what a long list costs (bench/results).
 */
export async function listJson<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  query: RqlQuery,
  db: Db,
  extraWhere?: RawBuilder<boolean>,
): Promise<ListJson> {
  if (!sentAsStored(res, query)) {
    const { items, total, offset } = await listObjects(res, ctx, params, query, db, extraWhere);
    return { json: JSON.stringify(omitNulls(items)), count: items.length, total, offset };
  }
  const q = await listSql(res, ctx, params, query, db, extraWhere);
  const [rows, total] = await Promise.all([q.limit === 0 ? [] : q.page<string>(true), q.count()]);
  return { json: jsonArray(rows), count: rows.length, total, offset: q.offset };
}

function defaultOrdering(res: Served<any>): RqlQuery['ordering'] {
  const d = res.decl.defaultOrdering;
  if (!d) return [];
  return d.split(',').map((f) => (f.startsWith('-') ? { field: f.slice(1), desc: true } : { field: f, desc: false }));
}

/** The stored object of the row `t`, as SQL. */
export const objectOf = (res: Served<any>): RawBuilder<unknown> => res.composed?.object ?? sql`t.data`;

/**
 * The object as JSON text with nulls stripped (as omitNulls would): the table's kept text when it has one (migration
 * 0047; a row written before it and not yet filled by its job has none).
 */
function jsonTextOf(res: Served<any>): RawBuilder<string> {
  const converted = sql<string>`jsonb_strip_nulls(${objectOf(res)})::text`;
  return !res.composed && typeof res.table !== 'string' && res.table.text
    ? sql`coalesce(t.data_text, ${converted})`
    : converted;
}

const idColumn = (res: Served<any>) => res.idColumn ?? columnMap(res).id ?? 'id';

async function presentOne<T extends Obj>(res: Served<T>, data: T, ctx: Ctx, include: string[], db: Db): Promise<T> {
  if (res.presentMany) return (await res.presentMany([data], ctx, include, db))[0];
  return res.present ? await res.present(data, ctx, include, db) : data;
}

/** select(-a.b) removes nested fields from the output. */
export function applySelect<T extends Obj>(obj: T, query: Pick<RqlQuery, 'select'>): T {
  const exclude = query.select?.exclude ?? [];
  if (!exclude.length) return obj;
  const copy = structuredClone(obj) as Obj;
  for (const path of exclude) {
    const parts = path.split('.');
    let node: any = copy;
    for (let i = 0; i < parts.length - 1 && node; i++) node = node[parts[i]];
    if (node && typeof node === 'object') delete node[parts[parts.length - 1]];
  }
  return copy as T;
}

/** The object (or `text`: its JSON text) of one visible object, or 404; `lock` takes a row lock (inside a transaction). */
async function selectOne<R>(
  res: Served<any>,
  ctx: Ctx,
  params: Params,
  id: string,
  db: Db,
  as: 'object' | 'text',
  lock = false,
): Promise<R> {
  await checkRead(res, ctx, db, params);
  // built only when the shape's text is not kept yet (runShaped)
  const statement = () => {
    const column = as === 'text' ? jsonTextOf(res) : objectOf(res);
    return sql<{ data: R }>`select ${column} as data from ${sql.table(tableName(res))} t
    where ${res.lookup?.(id) ?? sql`t.${sql.ref(idColumn(res))} = ${id}`} and ${scopeOf(res, ctx, params)}${
      lock ? sql` for update` : sql``
    }`;
  };
  // scoped by the side's column (no scope or lookup of its own): the text is the same for every call of the shape
  const side = res.scope || res.lookup ? undefined : res.side!(ctx);
  const { rows } = side
    ? await runShaped(res, `${as} ${side.column}${lock ? ' lock' : ''}`, [id, side.id], statement, db)
    : await statement().execute(db);
  if (!rows.length) throw ApiError.notFound(res.decl.title);
  return rows[0].data;
}

/** One visible object, or 404. `lock` takes a row lock (inside a transaction). */
export function getObject<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  id: string,
  db: Db,
  opts: { lock?: boolean } = {},
): Promise<T> {
  return selectOne<T>(res, ctx, params, id, db, 'object', opts.lock);
}

/** Whether presenting and select() leave the objects of `query` as stored (then their stored JSON text is sent). */
function sentAsStored(res: Served<any>, query: RqlQuery): boolean {
  const include = query.select?.include ?? [];
  const presents = res.presents ? res.presents(include) : Boolean(res.present || res.presentMany);
  return !presents && !query.select?.exclude?.length;
}

/**
 * One visible object as JSON text, for GET …/{id}: the stored text (nulls stripped, as omitNulls would) when it is
 * sent as stored, as listJson does for pages; else the presented object serialised.
 */
export async function getJson<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  id: string,
  query: RqlQuery,
  db: Db,
): Promise<string> {
  if (sentAsStored(res, query)) return selectOne<string>(res, ctx, params, id, db, 'text');
  const obj = await getObject(res, ctx, params, id, db);
  const include = query.select?.include ?? [];
  return JSON.stringify(omitNulls(applySelect(await presentOne(res, obj, ctx, include, db), query)));
}

export async function presentObject<T extends Obj>(res: Served<T>, ctx: Ctx, obj: T, db: Db, include: string[] = []) {
  return presentOne(res, obj, ctx, include, db);
}

// ---------------------------------------------------------------- writing

function columnsOf(res: Served<any>, obj: Obj, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const left = [...(res.transient ?? []), ...(res.composed?.inColumns ?? [])];
  const stored = left.length ? Object.fromEntries(Object.entries(obj).filter(([k]) => !left.includes(k))) : obj;
  return { ...rowFor(res, obj), ...extra, data: JSON.stringify(stored) };
}

/** Insert a new object with its derived columns; returns the object as stored (after the resource's store hook). */
export async function insertObject<T extends Obj>(
  res: Served<T>,
  given: T,
  db: Db,
  extra: Record<string, unknown> = {},
): Promise<T> {
  const obj = await hooked(res, given, db);
  const cols = columnsOf(res, obj, extra);
  const names = Object.keys(cols);
  await sql`insert into ${sql.table(tableName(res))} (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => (n === 'data' ? sql`${cols[n]}::jsonb` : sql`${cols[n]}`)))})`.execute(db);
  await foldSoon(tableName(res), db);
  return obj;
}

/** Replace an object's data and derived columns; returns the object as stored (after the resource's store hook). */
export async function updateObject<T extends Obj>(
  res: Served<T>,
  given: T,
  db: Db,
  extra: Record<string, unknown> = {},
): Promise<T> {
  const obj = await hooked(res, given, db);
  const cols = columnsOf(res, obj, extra);
  const sets = Object.entries(cols)
    .filter(([n]) => n !== idColumn(res))
    .map(([n, v]) => (n === 'data' ? sql`data = ${v}::jsonb` : sql`${sql.ref(n)} = ${v}`));
  await sql`update ${sql.table(tableName(res))} set ${sql.join(sets)} where ${rowKey(res, obj)}`.execute(db);
  await foldSoon(tableName(res), db);
  return obj;
}

/** The object after the store hook a later area registered for its resource (resources/store-hooks.ts). */
async function hooked<T extends Obj>(res: Served<T>, obj: T, db: Db): Promise<T> {
  const hook = storeHookOf(res.decl.name);
  return hook ? ((await hook(obj, db)) as T) : obj;
}

/** `col = value and ...` identifying an object's row. */
function rowKey(res: Served<any>, obj: Obj) {
  const key = res.key?.(obj) ?? { [idColumn(res)]: obj.id };
  return sql.join(
    Object.entries(key).map(([n, v]) => sql`${sql.ref(n)} = ${v}`),
    sql` and `,
  );
}

/**
 * Store an object that a flow other than its own route creates or changes (another object's action, tiers setup,
 * a job), inside that flow's transaction: stamped, written and audited like the engine's own writes.
 */
export async function insertStamped<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  obj: T,
  db: Transaction<DB>,
  /** Columns a flow writes itself (no object path: a stored file's key). */
  extra: Record<string, unknown> = {},
): Promise<T> {
  const stamped = await insertObject(res, stampCreated(ctx, obj), db, extra);
  await recordAudit(db, ctx, {
    res,
    objectId: auditId(res, stamped),
    action: 'create',
    owner: ownerOf(res, stamped, ctx),
    after: stamped,
  });
  return stamped;
}
export async function saveStamped<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  before: T,
  after: T,
  action: string,
  db: Transaction<DB>,
  event = 'updated',
): Promise<T> {
  const next = await updateObject(
    res,
    stampUpdated(ctx, 'updated' in after ? { ...after, updated: now() } : after, event),
    db,
  );
  await recordAudit(db, ctx, {
    res,
    objectId: auditId(res, next),
    action,
    owner: ownerOf(res, next, ctx),
    before,
    after: next,
  });
  return next;
}

/** The id an audit record names: the object's id, or its key's values for objects without one (versions). */
const auditId = (res: Served<any>, obj: Obj): string => obj.id ?? Object.values(res.key?.(obj) ?? {}).join('/');

export function ownerOf(res: Served<any>, obj: Obj, ctx: Ctx): string {
  return res.owner?.(obj) ?? (rowFor(res, obj).account_id as string | undefined) ?? ctx.account.id;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

async function tx<R>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<R>): Promise<R> {
  return db.transaction().execute(fn);
}

export async function createObject<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  body: unknown,
  db: Kysely<DB>,
) {
  if (!res.create || !res.decl.create) throw new ApiError(405, ErrorCode.methodNotAllowed, ['Method not allowed.']);
  await checkWrite(res, ctx, params, db);
  const input = parseBody(res.decl.create, body);
  return tx(db, async (trx) => {
    const made = await res.create!(ctx, input, params, trx);
    const { object, extra } =
      'object' in made && 'extra' in made
        ? (made as { object: T; extra: Record<string, unknown> })
        : { object: made as T, extra: {} };
    let stamped = await insertObject(res, object.events?.created ? object : stampCreated(ctx, object), trx, extra);
    if (res.afterCreate) {
      const after = await res.afterCreate(ctx, stamped, trx);
      if (after !== stamped) stamped = await updateObject(res, after, trx);
    }
    await recordAudit(trx, ctx, {
      res,
      objectId: auditId(res, stamped),
      action: 'create',
      owner: ownerOf(res, stamped, ctx),
      after: stamped,
    });
    return stamped;
  });
}

/**
 * The object, the caller's to change now: a hidden one answers 404 before any permission or body check could reveal
 * it exists, then the write permission and the machine's `editable` rule. Also for hand routes that change an object
 * (an upload read from a multipart body).
 */
export async function editableObject<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  id: string,
  db: Db,
  opts: { lock?: boolean } = {},
): Promise<T> {
  const current = await getObject(res, ctx, params, id, db, opts);
  await checkWrite(res, ctx, params, db);
  const rule = res.decl.machine?.editable?.(current, viewerOf(ctx));
  if (rule) throw refused(rule);
  return current;
}

export async function updateObjectById<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  id: string,
  body: unknown,
  db: Kysely<DB>,
) {
  if (!res.update || !res.decl.update) throw new ApiError(405, ErrorCode.methodNotAllowed, ['Method not allowed.']);
  return tx(db, async (trx) => {
    const current = await editableObject(res, ctx, params, id, trx, { lock: true });
    const input = parseBody(res.decl.update!, body);
    const next = await updateObject(res, stampUpdated(ctx, await res.update!(ctx, current, input, params, trx)), trx);
    await recordAudit(trx, ctx, {
      res,
      objectId: id,
      action: 'update',
      owner: ownerOf(res, next, ctx),
      before: current,
      after: next,
    });
    return next;
  });
}

export async function removeObject<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  id: string,
  db: Kysely<DB>,
) {
  if (!res.decl.remove) throw new ApiError(405, ErrorCode.methodNotAllowed, ['Method not allowed.']);
  return tx(db, async (trx) => {
    const current = await getObject(res, ctx, params, id, trx, { lock: true });
    await checkWrite(res, ctx, params, trx);
    const rule = res.decl.machine?.deletable?.(current, viewerOf(ctx));
    if (rule) throw refused(rule);
    const result = res.remove ? await res.remove(ctx, current, params, trx) : undefined;
    if (result) await updateObject(res, stampUpdated(ctx, result), trx);
    else await sql`delete from ${sql.table(tableName(res))} where ${rowKey(res, current)}`.execute(trx);
    await recordAudit(trx, ctx, {
      res,
      objectId: id,
      action: 'delete',
      owner: ownerOf(res, current, ctx),
      before: current,
    });
  });
}

/** The handler of an action: the resource's own, else a trait's (assign / unassign), else none (pure transition). */
export function actionHandler<T extends Obj>(res: Served<T>, action: string): ActionHandler<T> | undefined {
  return res.actions?.[action] ?? (res.decl.machine?.assigneeField ? traitHandlers[action] : undefined);
}

/**
 * Run a state-machine action in one transaction: lock the row, check side, status and guard against the
 * declaration, read the body, run the handler (if any), then apply the generic effects (the declared `to` unless
 * the handler chose another status, `updated`, the event stamp), store and audit. Of two concurrent conflicting
 * actions the second waits for the lock, then sees the new status and is refused.
 */
export async function runAction<T extends Obj>(
  res: Served<T>,
  ctx: Ctx,
  params: Params,
  id: string,
  action: string,
  body: unknown,
  db: Kysely<DB>,
): Promise<T> {
  const machine = res.decl.machine;
  const decl = machine?.actions[action];
  if (!machine || !decl) throw ApiError.notFound('Action');
  const handler = actionHandler(res, action);
  let prepared: unknown;
  const prepare = res.prepare?.[action];
  if (prepare) {
    // the same checks as below first, so nobody makes the server reach out for an action it would refuse
    const seen = await getObject(res, ctx, params, id, db);
    await checkWrite(res, ctx, params, db);
    const early = refusal(machine, action, seen, viewerOf(ctx));
    if (early) throw refused(early);
    prepared = await prepare(ctx, seen, decl.body ? parseBody(decl.body, body) : (body ?? {}), db);
  }
  return tx(db, async (trx) => {
    const current = await getObject(res, ctx, params, id, trx, { lock: true });
    await checkWrite(res, ctx, params, trx);
    const rule = refusal(machine, action, current, viewerOf(ctx));
    if (rule) throw refused(rule);
    const input = decl.body ? parseBody(decl.body, body) : (body ?? {});
    let next = handler ? await handler(ctx, current, input, params, trx, prepared) : current;
    if (decl.to && stateOf(machine, next) === stateOf(machine, current)) next = withState(machine, next, decl.to);
    next = await updateObject(res, stampUpdated(ctx, next, decl.event), trx);
    await recordAudit(trx, ctx, {
      res,
      objectId: id,
      action,
      owner: ownerOf(res, next, ctx),
      before: current,
      after: next,
    });
    return next;
  });
}
