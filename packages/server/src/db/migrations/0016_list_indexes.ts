import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 11 (defect 7): every declared filter and ordering is served by an index (resources/indexes.ts derives them
// from the declarations at each start). btree_gin lets one GIN index per table hold the plain columns and typed
// expressions beside `data jsonb_path_ops`, so any subset of filters combines in one index scan. An index
// expression must be immutable; a text → timestamptz cast is not (it reads TimeZone), so dates stored in `data`
// (always ISO 8601 with an offset) are read through a function that fixes the zone and says so.
export const TIMESTAMPTZ_FUNCTION = `create function trellis_timestamptz(v text) returns timestamptz
  language sql immutable parallel safe set timezone = 'UTC'
  as $fn$ select case when v ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?)?$'
    then v::timestamptz end $fn$`;

export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(db, `create extension if not exists btree_gin;\n${TIMESTAMPTZ_FUNCTION}`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop function if exists trellis_timestamptz(text);\n drop extension if exists btree_gin');
}
