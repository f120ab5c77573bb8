import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldSpec, QuerySpec } from './rql-sql.ts';
import { containable, indexExpressions } from './rql-sql.ts';
import { specOf, tableName, columnMap, type Served } from './engine.ts';

// The indexes a list needs follow from its declaration, so they are derived from it like the API and the screens:
// - one GIN index per table serves every filter (eq, in and ranges) and any combination of them: `data` with
//   jsonb_path_ops for containment (strings and booleans stored in data), and through btree_gin each filterable
//   column and the typed expression of each number or date stored in data (a table written in bulk leaves out the
//   columns its btrees lead: Served.leanFilterIndex);
// - one btree per ordering, (expression, id), so a page is read in order instead of reading and sorting the
//   tenant's every row; and one per boolean column, which PostgreSQL matches to btree indexes only.
// Negations, `null` and infix `like` are not selective and no index serves them; they are tested on the rows the
// other conditions found. `search=` has its own trigram indexes (migration 0014).
// Derived indexes are named `dx_…`; each start creates the missing ones and drops those no declaration needs.

const RANGE_OPS = ['gt', 'ge', 'lt', 'le', 'range'];
const PREFIX = 'dx_';

export interface DerivedIndex {
  name: string;
  table: string;
  /** The CREATE INDEX statement. */
  sql: string;
  /** The column, when the index holds one plain column and nothing else (a primary key may already be it). */
  column?: string;
}

function nameOf(table: string, suffix: string): string {
  const name = `${PREFIX}${table}_${suffix}`.replace(/[^a-z0-9_]/g, '_');
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** The GIN key of a filter field, or null when no index serves its ops. */
function filterKey(f: FieldSpec, spec: QuerySpec, db: Kysely<any>): string | null {
  const served = f.ops.some((op) => op === 'eq' || op === 'in' || RANGE_OPS.includes(op));
  if (!served) return null;
  // the parent's index serves it (Served.through)
  if (f.through) return null;
  if (f.column !== undefined) return `"${f.column}"`;
  if (containable(f)) return 'data jsonb_path_ops';
  // a value inside a list is read by a path query, which no expression index holds
  if (f.lax) return null;
  return `(${compile(indexExpressions.typed(f, spec), db)})`;
}

const compile = (expr: RawBuilder<unknown>, db: Kysely<any>) => {
  const q = expr.compile(db);
  if (q.parameters.length) throw new Error(`index expression with parameters: ${q.sql}`);
  return q.sql;
};

/** Every index the served resources' declarations need, one per (table, expression). */
export function derivedIndexes(resources: Iterable<Served<any>>, db: Kysely<any>): DerivedIndex[] {
  const filters = new Map<string, Set<string>>();
  const btrees = new Map<string, DerivedIndex>();
  const names = new Set<string>();
  const btree = (table: string, suffix: string, key: string, cols: string, column?: string) => {
    if (btrees.has(key)) return;
    // two resources on one table may order a field of one name by different expressions
    let name = nameOf(table, suffix);
    if (names.has(name)) name = nameOf(table, `${suffix}_${createHash('sha1').update(key).digest('hex').slice(0, 6)}`);
    names.add(name);
    btrees.set(key, { name, table, sql: `create index ${name} on "${table}" (${cols})`, column });
  };
  for (const res of resources) {
    const table = tableName(res);
    // expressions qualified by the table's own name, which an index expression may use
    const spec: QuerySpec = { ...specOf(res), table };
    const keys = filters.get(table) ?? new Set<string>();
    filters.set(table, keys);
    const idColumn = res.idColumn ?? columnMap(res).id ?? 'id';
    const id = `"${idColumn}"`;
    // a lean table's columns that a btree already leads: its key and its orderings' columns (see Served)
    const led = new Set<string>(
      res.leanFilterIndex
        ? [
            idColumn,
            ...(typeof res.leanFilterIndex === 'object' ? res.leanFilterIndex.led : []),
            ...res.decl.ordering.flatMap((o) => {
              const c = spec.ordering[o].column;
              return c === undefined ? [] : [c];
            }),
          ]
        : [],
    );
    // the declared filters and orderings: the reference's extra ones (engine querySpec) are read without an index
    for (const [field, f] of Object.entries(spec.fields)) {
      if (!Object.hasOwn(res.decl.filters, field)) continue;
      // PostgreSQL matches `col = true` (which it rewrites to `col`) to btree indexes only
      if (f.column !== undefined && f.type === 'boolean') {
        btree(table, `b_${field}`, `${table}\u0000"${f.column}"`, `"${f.column}"`, f.column);
        continue;
      }
      if (f.column !== undefined && led.has(f.column)) continue;
      const key = filterKey(f, spec, db);
      if (key) keys.add(key);
    }
    for (const field of res.decl.ordering) {
      const target = spec.ordering[field];
      const expr =
        target.column !== undefined ? `"${target.column}"` : `(${compile(indexExpressions.text(target, spec), db)})`;
      // ordering by the id itself: the id alone (often the primary key, which then serves it)
      if (expr === id) btree(table, `o_${field}`, `${table}\u0000${id}`, id, idColumn);
      else btree(table, `o_${field}`, `${table}\u0000${expr}, ${id}`, `${expr}, ${id}`);
    }
  }
  const out: DerivedIndex[] = [];
  for (const [table, keys] of filters) {
    if (!keys.size) continue;
    const name = nameOf(table, 'filters');
    // a GIN index serves any subset of its columns alike; sorted, the statement does not depend on declaration order
    const cols = [...keys].sort();
    out.push({ name, table, sql: `create index ${name} on "${table}" using gin (${cols.join(', ')})` });
  }
  return [...out, ...btrees.values()];
}

/**
 * Bring the derived indexes in line with the declarations: create the missing ones, drop the ones no declaration
 * needs any more. An index whose definition changed is dropped and made again (its name stays, its statement is
 * kept in a comment). Several server processes may start at once: one at a time does this.
 */
export async function applyDerivedIndexes(db: Kysely<any>, resources: Iterable<Served<any>>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('trellis derived indexes'))`.execute(trx);
    // a resource read through a view (tier account versions) is served by its tables' indexes
    const tables = await sql<{ name: string }>`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = current_schema()`.execute(
      trx,
    );
    const isTable = new Set(tables.rows.map((r) => r.name));
    // a single-column primary key already is the index of that column
    const keys = await sql<{ key: string }>`select c.relname || '.' || a.attname as key
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
      where i.indisprimary and i.indnatts = 1 and n.nspname = current_schema()`.execute(trx);
    const primary = new Set(keys.rows.map((r) => r.key));
    const wanted = derivedIndexes(resources, db).filter(
      (i) => isTable.has(i.table) && !(i.column && primary.has(`${i.table}.${i.column}`)),
    );
    const { rows } = await sql<{ name: string; stmt: string | null }>`
      select c.relname as name, obj_description(c.oid, 'pg_class') as stmt
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'i' and n.nspname = current_schema() and c.relname like ${`${PREFIX}%`}`.execute(trx);
    const have = new Map(rows.map((r) => [r.name, r.stmt]));
    const want = new Map(wanted.map((i) => [i.name, i]));
    let changed = 0;
    for (const [name, stmt] of have) {
      if (want.get(name)?.sql === stmt) continue;
      await sql`drop index ${sql.ref(name)}`.execute(trx);
      have.delete(name);
      changed++;
    }
    for (const index of wanted) {
      if (have.has(index.name)) continue;
      await sql.raw(index.sql).execute(trx);
      await sql`comment on index ${sql.ref(index.name)} is ${sql.lit(index.sql)}`.execute(trx);
      changed++;
    }
    return changed;
  });
}
