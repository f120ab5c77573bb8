import { sql } from 'kysely';
import { ErrorCode, type FilterDecl, type RqlQuery } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, type Db } from '../../../resources/engine.ts';
import {
  compileFilter,
  compileOrdering,
  compileSearch,
  QueryError,
  type QuerySpec,
} from '../../../resources/rql-sql.ts';

// Lists that are not tables (a group's permissions, the module list) are queried with the same RQL
// compiler, over the elements of a jsonb array: same filters, errors and paging as engine lists.

function compiled<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof QueryError) throw new ApiError(400, ErrorCode.query, [e.message]);
    throw e;
  }
}

export function jsonSpec(filters: Record<string, FilterDecl>, ordering: string[], search: string[]): QuerySpec {
  const fields: QuerySpec['fields'] = {};
  for (const [name, f] of Object.entries(filters)) fields[name] = { json: name.split('.'), type: f.type, ops: f.ops };
  return {
    table: 'e',
    fields,
    ordering: Object.fromEntries(ordering.map((n) => [n, { json: n.split('.') }])),
    search: search.map((n) => ({ json: n.split('.') })),
  };
}

/** One page of `items` matching the query, in their given order unless the query orders them. */
export async function listJson<T>(db: Db, items: T[], query: RqlQuery, spec: QuerySpec) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (limit > MAX_LIMIT) throw new ApiError(400, ErrorCode.query, [`limit must be at most ${MAX_LIMIT}.`]);
  const offset = query.offset ?? 0;
  const where = [sql<boolean>`true`];
  if (query.filter) where.push(compiled(() => compileFilter(query.filter!, spec)));
  const search = query.search ? compiled(() => compileSearch(query.search!, spec)) : null;
  if (search) where.push(search);
  const order = [...compiled(() => compileOrdering(query.ordering, spec)), sql`e.ord`];
  const from = sql`(select x.value as data, x.ord from jsonb_array_elements(${JSON.stringify(items)}::jsonb)
    with ordinality as x(value, ord)) e where ${sql.join(where, sql` and `)}`;
  const total = await sql<{ n: string }>`select count(*) as n from ${from}`.execute(db);
  const rows =
    limit === 0
      ? []
      : (
          await sql<{
            data: T;
          }>`select e.data from ${from} order by ${sql.join(order)} limit ${limit} offset ${offset}`.execute(db)
        ).rows;
  return { items: rows.map((r) => r.data), total: Number(total.rows[0].n), offset };
}
