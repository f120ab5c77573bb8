import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// `search=` on asset requests and assets: one trigram (pg_trgm) GIN index on the text the engine searches
// (rql-sql.ts searchText: the resource's search fields joined by U+001F). The expressions must stay exactly what
// searchText builds for these resources, or the planner cannot use the index; test/list-plans.test.ts checks it.
// pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it (database.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create extension if not exists pg_trgm;
    create index asset_requests_search on asset_requests using gin ((
      coalesce(id::text, '') || chr(31) || coalesce(asset_id::text, '') || chr(31) || coalesce((data #>> '{asset,external_id}'), '')
      || chr(31) || coalesce((data #>> '{asset,product,name}'), '') || chr(31) || coalesce((data #>> '{asset,tiers,customer,name}'), '')
    ) gin_trgm_ops);
    create index assets_search on assets using gin ((
      coalesce(id::text, '') || chr(31) || coalesce(external_id::text, '') || chr(31) || coalesce((data #>> '{product,name}'), '')
      || chr(31) || coalesce((data #>> '{tiers,customer,name}'), '')
    ) gin_trgm_ops)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop index if exists asset_requests_search, assets_search');
}
