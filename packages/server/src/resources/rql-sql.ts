/**
 * Compiles RQL ASTs to PostgreSQL boolean / ordering expressions (kysely `sql` fragments).
 *
 * Every user-supplied value is a bound parameter; identifiers come only from the declared QuerySpec
 * (never from user input). NULL semantics: `ne`, `out` and `not` match rows whose field is NULL
 * (like Django's exclude(), which lib-rql maps to), `eq`/`in`/comparisons do not.
 */
import { sql, type RawBuilder } from 'kysely';
import type { RqlNode, RqlQuery, RqlValue } from '@trellis/domain';

export type FieldType = 'string' | 'number' | 'boolean' | 'datetime';

export interface FieldSpec {
  /** Exactly one of column (a real column of the table) or json (path inside the jsonb column `data`). */
  column?: string;
  json?: string[];
  type: FieldType;
  /** Allowed ops among eq ne gt ge lt le like ilike in out null range. */
  ops: readonly string[];
  /**
   * The json path may cross arrays (`params.id`, `groups.name`): the field matches when any value at the path does
   * (`ne`/`out`/`null` when none does), read with a lax SQL/JSON path. The reference's filters that no declaration
   * names are read this way (engine querySpec).
   */
  lax?: boolean;
  /** Of a lax field, which path steps hold arrays when the declaration says so: eq/in are then containment tests. */
  arrays?: boolean[];
  /** A Django lookup spelt into the name (`name__icontains`, `pending_request__is_null`): what `eq` means. */
  lookup?: 'icontains' | 'is_null';
  /**
   * The value is one its parent row holds for all its children (a usage record's product is its file's): the
   * condition is tested on the parent (`table`, by `id`) and the rows are those whose `key` column names a parent
   * that satisfies it, so the parent's index serves it and the children's writes keep no index of it (Served.through).
   */
  through?: Through;
}

/** Where a field's value is held by a parent row: the parent's table, its column or json path, the child's key. */
export interface Through {
  key: string;
  table: string;
  target: { column: string } | { json: string[] };
}

export interface QuerySpec {
  /** SQL alias of the table in the FROM clause (e.g. 't'). */
  table: string;
  /** Filterable fields by public (dotted) name. */
  fields: Record<string, FieldSpec>;
  /** Orderable public names. */
  ordering: Record<string, { column?: string; json?: string[] }>;
  /** Fields matched by `search=` (case-insensitive substring). */
  search: { column?: string; json?: string[] }[];
}

/** A filter/ordering the resource does not allow, or a badly typed value -> HTTP 400 with this message. */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

type Target = { column?: string; json?: string[] };

const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const JSON_KEY_RE = /^[A-Za-z0-9_]+$/;

function has<T extends object>(o: T, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

function show(v: string): string {
  return v.length > 60 ? `${v.slice(0, 60)}...` : v;
}

/** Text expression for a column or a jsonb path (`t.data #>> '{a,b}'`). Identifiers from the spec only. */
function textExpr(target: Target, spec: QuerySpec): RawBuilder<unknown> {
  if (!IDENT_RE.test(spec.table)) throw new Error(`Invalid table alias in query spec: ${spec.table}`);
  if (target.column !== undefined) {
    if (!IDENT_RE.test(target.column)) throw new Error(`Invalid column in query spec: ${target.column}`);
    return sql.ref(`${spec.table}.${target.column}`);
  }
  const path = target.json;
  // an empty path is the value itself (an element of a lax path, laxly below)
  if (!path || !path.every((p) => JSON_KEY_RE.test(p))) {
    throw new Error(`Invalid json path in query spec: ${JSON.stringify(path)}`);
  }
  return sql`(${sql.ref(`${spec.table}.data`)} #>> ${sql.lit(`{${path.join(',')}}`)})`;
}

/** Typed expression: for json paths, cast guarded so that a malformed stored value yields NULL, not an error. */
function typedExpr(f: FieldSpec, spec: QuerySpec): RawBuilder<unknown> {
  const text = textExpr(f, spec);
  if (f.column !== undefined || f.type === 'string') return text;
  const raw = sql`(${sql.ref(`${spec.table}.data`)} #> ${sql.lit(`{${f.json!.join(',')}}`)})`;
  switch (f.type) {
    case 'number':
      return sql`(case when jsonb_typeof(${raw}) = 'number' then ${text}::numeric end)`;
    case 'boolean':
      return sql`(case when jsonb_typeof(${raw}) = 'boolean' then ${text}::boolean end)`;
    case 'datetime':
      // immutable (migration 0016), so an index on this very expression serves ranges on it
      return sql`trellis_timestamptz(${text})`;
  }
}

/**
 * Whether eq/in on the field is a containment test on `data` (`data @> '{"a":{"b":"x"}}'`): strings and booleans
 * stored in `data`. One GIN index (jsonb_path_ops) serves every such filter of a table (resources/indexes.ts).
 */
export const containable = (f: FieldSpec): boolean =>
  f.column === undefined && (!f.lax || !!f.arrays) && !!f.json?.length && (f.type === 'string' || f.type === 'boolean');

function contains(f: FieldSpec, spec: QuerySpec, v: string): RawBuilder<boolean> {
  const value = f.type === 'boolean' ? v === 'true' : v;
  // `{"asset":{"params":[{"id":"x"}]}}`: an array contains the document when one of its elements does
  const doc = f.json!.reduceRight<unknown>((inner, key, i) => ({ [key]: f.arrays?.[i] ? [inner] : inner }), value);
  return sql<boolean>`(${sql.ref(`${spec.table}.data`)} @> ${JSON.stringify(doc)}::jsonb)`;
}

/** The expressions an index must hold to serve the field: its typed expression, and its text for ordering. */
export const indexExpressions = { typed: typedExpr, text: textExpr };

const INTEGER_RE = /^[+-]?\d{1,18}$/;
const int4 = (v: string) => Math.abs(Number(v)) <= 2147483647;
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;
const DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

function validDatetime(v: string): boolean {
  const m = DATETIME_RE.exec(v);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) =>
    x === undefined ? undefined : Number(x),
  ) as number[];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  const dim = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > dim) return false;
  if (m[9] !== undefined && (Number(m[9]) > 15 || Number(m[10] ?? 0) > 59)) return false;
  return true;
}

/** A bound parameter of the field's type (validated here so the database never sees a bad cast). */
function param(name: string, f: FieldSpec, v: string): RawBuilder<unknown> {
  if (v.includes('\u0000')) throw new QueryError(`Invalid value for field '${name}': NUL characters are not allowed.`);
  switch (f.type) {
    case 'string':
      return sql`${v}`;
    case 'number':
      if (!NUMBER_RE.test(v))
        throw new QueryError(`Invalid value '${show(v)}' for field '${name}': expected a number.`);
      // an integer column compared with a numeric is cast to numeric, and its index no longer serves it (nor
      // a GIN index across integer widths): number columns are integers
      if (f.column !== undefined && INTEGER_RE.test(v)) return sql`${v}::${sql.raw(int4(v) ? 'int' : 'bigint')}`;
      return sql`${v}::numeric`;
    case 'boolean':
      if (v !== 'true' && v !== 'false') {
        throw new QueryError(`Invalid value '${show(v)}' for field '${name}': expected true or false.`);
      }
      return sql`${v}::boolean`;
    case 'datetime':
      if (!validDatetime(v)) {
        throw new QueryError(`Invalid value '${show(v)}' for field '${name}': expected an ISO 8601 date or date-time.`);
      }
      return sql`${v}::timestamptz`;
  }
}

/** The declared name of a field: the reference also spells `a.b` as `a__b` (Django's lookup separator). */
const dotted = (name: string, known: object) =>
  !has(known, name) && name.includes('__') ? name.replaceAll('__', '.') : name;

function fieldOf(sent: string, op: string, spec: QuerySpec): FieldSpec {
  const name = dotted(sent, spec.fields);
  if (!has(spec.fields, name)) {
    const allowed = Object.keys(spec.fields).sort();
    throw new QueryError(
      `Unknown filter field '${show(sent)}'` +
        (allowed.length ? ` (allowed: ${allowed.join(', ')}).` : ' (this resource has no filterable fields).'),
    );
  }
  const f = spec.fields[name];
  if (!f.ops.includes(op)) {
    throw new QueryError(`Operator '${op}' is not allowed on field '${name}' (allowed: ${f.ops.join(', ')}).`);
  }
  return f;
}

/**
 * When a filter is nothing but equality on one string column (`eq`, or `in`), not null: that column and the values
 * it must hold (what a total kept per value can answer, resources/kept-counts.ts). Run after compileFilter, which
 * refuses what the resource does not allow.
 */
export function equalityOn(node: RqlNode, spec: QuerySpec): { column: string; values: string[] } | undefined {
  if (!(node.type === 'compare' && node.op === 'eq') && !(node.type === 'list' && node.op === 'in')) return undefined;
  const f = spec.fields[dotted(node.field, spec.fields)];
  if (f?.column === undefined || f.through || f.lax || f.lookup || f.type !== 'string') return undefined;
  const values = node.type === 'compare' ? [node.value] : node.values;
  return values.every((v) => v !== null) ? { column: f.column, values: values as string[] } : undefined;
}

/** Escape LIKE metacharacters (`\`, `%`, `_`); with `wildcard`, `*` becomes `%`. */
function likePattern(v: string, wildcard: boolean): string {
  const esc = v.replace(/[\\%_]/g, (c) => `\\${c}`);
  return wildcard ? esc.replace(/\*/g, '%') : esc;
}

const CMP_SQL = { gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

function notNullValue(name: string, op: string, v: RqlValue): string {
  if (v === null) throw new QueryError(`Operator '${op}' on field '${name}' cannot take null().`);
  return v;
}

function compileList(name: string, f: FieldSpec, values: RqlValue[], spec: QuerySpec): RawBuilder<boolean> {
  const expr = typedExpr(f, spec);
  const given = values.filter((v): v is string => v !== null);
  const params = given.map((v) => param(name, f, v));
  const parts: RawBuilder<boolean>[] = [];
  if (params.length && containable(f)) parts.push(...given.map((v) => contains(f, spec, v)));
  else if (params.length) parts.push(sql<boolean>`${expr} in (${sql.join(params)})`);
  if (values.includes(null)) parts.push(sql<boolean>`${expr} is null`);
  if (parts.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

type Leaf = Exclude<RqlNode, { type: 'and' | 'or' | 'not' }>;

export function compileFilter(node: RqlNode, spec: QuerySpec): RawBuilder<boolean> {
  switch (node.type) {
    case 'and':
    case 'or': {
      if (node.args.length === 0) return node.type === 'and' ? sql<boolean>`true` : sql<boolean>`false`;
      const parts = node.args.map((a) => compileFilter(a, spec));
      return sql<boolean>`(${sql.join(parts, node.type === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not':
      return sql<boolean>`(not coalesce(${compileFilter(node.arg, spec)}, false))`;
    case 'compare':
    case 'list':
    case 'null':
    case 'range': {
      const f = fieldOf(node.field, node.type === 'compare' || node.type === 'list' ? node.op : node.type, spec);
      const leaf = djangoLookup(node, f);
      // eq / in of values on a path the declaration maps through arrays: containment serves them (and its index)
      const contained =
        containable(f) &&
        ((leaf.type === 'compare' && leaf.op === 'eq' && leaf.value !== null) ||
          (leaf.type === 'list' && leaf.op === 'in' && !leaf.values.includes(null)));
      if (f.through) return viaParent(leaf, f, f.through, spec);
      return f.lax && !contained ? laxly(leaf, f, spec) : compileLeaf(leaf, f, spec);
    }
    default:
      throw new QueryError(`Unknown filter node '${String((node as { type?: unknown }).type)}'.`);
  }
}

/**
 * A leaf on a value the parent holds: the rows whose parent satisfies it. Each row has exactly one parent, so the
 * negations (`ne`, `out`, `null`) hold of a row exactly when they hold of its parent.
 */
function viaParent(leaf: Leaf, f: FieldSpec, through: Through, spec: QuerySpec): RawBuilder<boolean> {
  for (const id of [through.key, through.table])
    if (!IDENT_RE.test(id)) throw new Error(`Invalid identifier in query spec: ${id}`);
  const parent: FieldSpec = { ...through.target, type: f.type, ops: f.ops };
  const cond = compileLeaf(leaf, parent, { ...spec, table: 'p' });
  return sql<boolean>`(${sql.ref(`${spec.table}.${through.key}`)} in (select p.id from ${sql.table(through.table)} p where ${cond}))`;
}

/** `eq(name__icontains,v)` is `ilike(name,*v*)`; `eq(x__is_null,true)` is `null(x)`. */
function djangoLookup(node: Leaf, f: FieldSpec): Leaf {
  if (!f.lookup || node.type !== 'compare' || node.op !== 'eq' || node.value === null) return node;
  if (f.lookup === 'icontains') return { ...node, op: 'ilike', value: `*${node.value.replace(/\*/g, '')}*` };
  if (node.value !== 'true' && node.value !== 'false')
    throw new QueryError(`Invalid value '${show(node.value)}' for field '${node.field}': expected true or false.`);
  return { type: 'null', field: node.field, isNull: node.value === 'true' };
}

/**
 * A lax field: the leaf holds when some value at the path satisfies it; its negations (`ne`, `out`, `null`) when
 * none satisfies the positive form. Values are the path's items (arrays on the way and at the end unwrapped).
 */
function laxly(sent: Leaf, f: FieldSpec, spec: QuerySpec): RawBuilder<boolean> {
  const node: Leaf =
    sent.type === 'compare' && sent.value === null && (sent.op === 'eq' || sent.op === 'ne')
      ? { type: 'null', field: sent.field, isNull: sent.op === 'eq' }
      : sent;
  const negated =
    (node.type === 'compare' && node.op === 'ne') ||
    (node.type === 'list' && node.op === 'out') ||
    (node.type === 'null' && node.isNull);
  const positive: Leaf = !negated
    ? node
    : node.type === 'compare'
      ? { ...node, op: 'eq' }
      : node.type === 'list'
        ? { ...node, op: 'in' }
        : { ...node, isNull: false };
  const path = `lax $${f.json!.map((k) => `."${k}"`).join('')}[*]`;
  const element: FieldSpec = { type: f.type, ops: f.ops, json: [] };
  const cond = compileLeaf(positive, element, { ...spec, table: 'e' });
  const some = sql<boolean>`exists (select 1 from jsonb_path_query(${sql.ref(`${spec.table}.data`)}, ${sql.lit(path)}) as e(data) where ${cond})`;
  return negated ? sql<boolean>`(not ${some})` : sql<boolean>`(${some})`;
}

function compileLeaf(node: Leaf, f: FieldSpec, spec: QuerySpec): RawBuilder<boolean> {
  switch (node.type) {
    case 'compare': {
      const { op, field: name, value } = node;
      switch (op) {
        case 'eq': {
          if (value === null) return sql<boolean>`(${textExpr(f, spec)} is null)`;
          const bound = param(name, f, value); // validates the value either way
          return containable(f) ? contains(f, spec, value) : sql<boolean>`(${typedExpr(f, spec)} = ${bound})`;
        }
        case 'ne':
          if (value === null) return sql<boolean>`(${textExpr(f, spec)} is not null)`;
          return sql<boolean>`(${typedExpr(f, spec)} is distinct from ${param(name, f, value)})`;
        case 'gt':
        case 'ge':
        case 'lt':
        case 'le': {
          const v = notNullValue(name, op, value);
          return sql<boolean>`(${typedExpr(f, spec)} ${sql.raw(CMP_SQL[op])} ${param(name, f, v)})`;
        }
        case 'like':
        case 'ilike': {
          const v = notNullValue(name, op, value);
          if (v.includes('\u0000'))
            throw new QueryError(`Invalid value for field '${name}': NUL characters are not allowed.`);
          const expr =
            f.column !== undefined && f.type !== 'string' ? sql`${textExpr(f, spec)}::text` : textExpr(f, spec);
          return sql<boolean>`(${expr} ${sql.raw(op === 'like' ? 'like' : 'ilike')} ${likePattern(v, true)})`;
        }
        default:
          throw new QueryError(`Unknown operator '${String(op)}'.`);
      }
    }
    case 'list': {
      const inExpr = compileList(node.field, f, node.values, spec);
      return node.op === 'in' ? inExpr : sql<boolean>`(not coalesce(${inExpr}, false))`;
    }
    case 'null': {
      return node.isNull
        ? sql<boolean>`(${textExpr(f, spec)} is null)`
        : sql<boolean>`(${textExpr(f, spec)} is not null)`;
    }
    case 'range': {
      const expr = typedExpr(f, spec);
      const parts: RawBuilder<boolean>[] = [];
      if (node.from !== null) parts.push(sql<boolean>`${expr} >= ${param(node.field, f, node.from)}`);
      if (node.to !== null) parts.push(sql<boolean>`${expr} <= ${param(node.field, f, node.to)}`);
      if (parts.length === 0) return sql<boolean>`(${textExpr(f, spec)} is not null)`;
      return sql<boolean>`(${sql.join(parts, sql` and `)})`;
    }
  }
}

/** OR of `expr ILIKE '%term%'` over the spec's search fields; null when there is nothing to search. */
export function compileSearch(term: string, spec: QuerySpec): RawBuilder<boolean> | null {
  if (term === '' || spec.search.length === 0) return null;
  return sql<boolean>`${searchText(spec)} ilike ${searchPattern(term)}`;
}

/** The `ilike` pattern of a search term (a substring, case-insensitive); a term that cannot be searched is a 400. */
export function searchPattern(term: string): string {
  if (term.includes('\u0000')) throw new QueryError('Invalid search term: NUL characters are not allowed.');
  if (term.includes(SEARCH_SEPARATOR))
    throw new QueryError('Invalid search term: control character U+001F is not allowed.');
  return `%${likePattern(term, false)}%`;
}

/** Separates the search fields in searchText, so a term (which cannot hold it) never matches across two fields. */
const SEARCH_SEPARATOR = '\u001f';

/**
 * Every search field in one text: `ilike '%term%'` on a single expression is what a trigram index (pg_trgm GIN on
 * this same expression, e.g. migration 0014) can serve; an OR of one ilike per field cannot use one index.
 */
export function searchText(spec: QuerySpec): RawBuilder<string> {
  const fields = spec.search.map(
    (t) => sql`coalesce(${t.column !== undefined ? sql`${textExpr(t, spec)}::text` : textExpr(t, spec)}, '')`,
  );
  return sql<string>`(${sql.join(fields, sql` || chr(31) || `)})`;
}

/** One `expr asc|desc` fragment per ordering term (json fields order by their `#>>` text). */
export function compileOrdering(ordering: RqlQuery['ordering'], spec: QuerySpec): RawBuilder<unknown>[] {
  return ordering.map(({ field: sent, desc }) => {
    const field = dotted(sent, spec.ordering);
    if (!has(spec.ordering, field)) {
      const allowed = Object.keys(spec.ordering).sort();
      throw new QueryError(
        `Unknown ordering field '${show(sent)}'` +
          (allowed.length ? ` (allowed: ${allowed.join(', ')}).` : ' (this resource cannot be ordered).'),
      );
    }
    return sql`${textExpr(spec.ordering[field], spec)} ${sql.raw(desc ? 'desc' : 'asc')}`;
  });
}
