import { sql } from 'kysely';
import { ErrorCode, TEXT_OPS } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import { rawQuery, requireCtx, sendList } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, compiled, getObject, parseQuery } from '../../resources/engine.ts';
import { compileFilter, compileOrdering, compileSearch, type QuerySpec } from '../../resources/rql-sql.ts';
import type { Api } from '../types.ts';
import { usageFiles } from './files.ts';

// GET /usage/files/{file_pk}/categories (reference): the categories the file's records are reported under, each
// named by the category id the vendor wrote (records keep no other description of it).

const CATEGORIES = '/usage/files/:file_pk/categories';

describeRoute('get', CATEGORIES, {
  summary: "The distinct categories of the usage file's records: [{id, name, description}]",
  tag: 'usage',
});

const spec: QuerySpec = {
  table: 'c',
  fields: {
    id: { column: 'id', type: 'string', ops: TEXT_OPS },
    name: { column: 'name', type: 'string', ops: TEXT_OPS },
  },
  ordering: { id: { column: 'id' }, name: { column: 'name' } },
  search: [{ column: 'id' }, { column: 'name' }],
};

export function categoryRoutes(api: Api) {
  const { app, db } = api;
  app.get(CATEGORIES, async (req, reply) => {
    const ctx = requireCtx(req);
    const f = await getObject(usageFiles, ctx, {}, (req.params as { file_pk: string }).file_pk, db);
    const query = parseQuery(rawQuery(req));
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (limit > MAX_LIMIT) throw ApiError.badRequest(`limit must be at most ${MAX_LIMIT}.`, ErrorCode.query);
    const offset = query.offset ?? 0;
    const where = [sql<boolean>`true`];
    if (query.filter) where.push(compiled(() => compileFilter(query.filter!, spec)));
    const search = query.search ? compiled(() => compileSearch(query.search!, spec)) : null;
    if (search) where.push(search);
    const order = [...compiled(() => compileOrdering(query.ordering, spec)), sql`c.id`];
    const from = sql`(select distinct r.data ->> 'category' as id, r.data ->> 'category' as name
      from usage_records r where r.usage_file_id = ${f.id} and r.data ->> 'category' is not null
        and r.data ->> 'category' <> '') c where ${sql.join(where, sql` and `)}`;
    const total = await sql<{ n: string }>`select count(*) as n from ${from}`.execute(db);
    const { rows } =
      limit === 0
        ? { rows: [] }
        : await sql<{ id: string; name: string }>`select c.id, c.name from ${from}
            order by ${sql.join(order)} limit ${limit} offset ${offset}`.execute(db);
    return sendList(
      reply,
      rows.map((c) => ({ id: c.id, name: c.name, description: null })),
      offset,
      Number(total.rows[0].n),
    );
  });
}
