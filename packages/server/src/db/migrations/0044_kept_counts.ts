import { sql, type Kysely } from 'kysely';

// Exact list totals without counting the rows (resources/kept-counts.ts). A list of requests or assets is always one
// party's (vendor or provider), most often filtered by one status or one product; at a million rows, counting the
// matching index entries for `Content-Range` cost more than the page. So each write of these tables also writes, in
// its own transaction, how it changed the number of rows per party and value: +1 for a row that appears, -1 for one
// that leaves. The rows are appended, never updated, so writers of one party never wait on one counter row; a job
// folds each key's rows into one (kept-counts.ts compactCounts). Triggers, not application code, so no write path
// (an action, a job, SQL typed by hand) can forget it. Statement-level triggers with transition tables: a bulk insert
// of a thousand rows adds one row per party and value, not a thousand. The keys are NOT NULL columns.
export const COUNTED: Record<string, { parties: readonly string[]; keys: readonly string[] }> = {
  asset_requests: { parties: ['vendor_id', 'provider_id'], keys: ['status', 'product_id'] },
  assets: { parties: ['vendor_id', 'provider_id'], keys: ['status', 'product_id'] },
};

const EVENTS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create table kept_counts (
        tbl text not null,
        party text not null,
        party_id text not null,
        key text not null,
        value text not null,
        n bigint not null
      )`,
    )
    .execute(db);
  await sql
    .raw('create index kept_counts_key on kept_counts (tbl, party, party_id, key, value) include (n)')
    .execute(db);
  await sql
    .raw(
      `create function trellis_keep_counts() returns trigger language plpgsql as $$
      declare
        party text;
        k text;
        rows_in text := case when tg_op = 'DELETE' then '' else 'select %1$I as p, %2$I as v, 1 as d from new_rows' end;
        rows_out text := case when tg_op = 'INSERT' then '' else 'select %1$I as p, %2$I as v, -1 as d from old_rows' end;
      begin
        foreach party in array string_to_array(tg_argv[0], ',') loop
          foreach k in array string_to_array(tg_argv[1], ',') loop
            execute format(
              'insert into kept_counts (tbl, party, party_id, key, value, n)
               select %3$L, %1$L, p, %2$L, v, sum(d) from (' ||
               concat_ws(' union all ', nullif(rows_in, ''), nullif(rows_out, '')) ||
               ') x where p is not null and v is not null group by p, v having sum(d) <> 0',
              party, k, tg_table_name);
          end loop;
        end loop;
        return null;
      end $$`,
    )
    .execute(db);
  for (const [table, { parties, keys }] of Object.entries(COUNTED)) {
    for (const [event, referencing] of EVENTS)
      await sql
        .raw(
          `create trigger ${table}_keep_counts_${event} after ${event} on ${table}
          referencing ${referencing} for each statement
          execute function trellis_keep_counts('${parties.join(',')}', '${keys.join(',')}')`,
        )
        .execute(db);
    for (const party of parties)
      for (const key of keys)
        await sql
          .raw(
            `insert into kept_counts (tbl, party, party_id, key, value, n)
            select '${table}', '${party}', ${party}, '${key}', ${key}, count(*) from ${table}
            where ${party} is not null and ${key} is not null group by ${party}, ${key}`,
          )
          .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(COUNTED))
    for (const [event] of EVENTS)
      await sql.raw(`drop trigger if exists ${table}_keep_counts_${event} on ${table}`).execute(db);
  await sql.raw('drop function if exists trellis_keep_counts()').execute(db);
  await sql.raw('drop table if exists kept_counts').execute(db);
}
