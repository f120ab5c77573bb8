import { sql, type Kysely } from 'kysely';

// The total of a `search=` list without reading the wide rows (resources/kept-counts.ts). Counting the requests that
// match a broad term (one customer in twenty) visited every matching row of asset_requests, each with its `data`, to
// recheck the trigram match: about a second at a million rows. Each table named here gets a narrow copy of what
// `search=` reads, `<table>_texts` (id, the parties, the searched text; a trigram index on the text), kept by a
// trigger in the writing transaction; a list of one party's rows with nothing but a search counts there, reading
// about a tenth of the pages. The page itself is still read from the table (its trigram index, migration 0014).
// `fields` are the resource's search fields as the engine reads them (rql-sql searchText); a test checks they agree.
export type SearchField = { column: string } | { json: string[] };
export const SEARCHED: Record<string, { parties: readonly string[]; fields: readonly SearchField[] }> = {
  asset_requests: {
    parties: ['vendor_id', 'provider_id'],
    fields: [
      { column: 'id' },
      { column: 'asset_id' },
      { json: ['asset', 'external_id'] },
      { json: ['asset', 'product', 'name'] },
      { json: ['asset', 'tiers', 'customer', 'name'] },
    ],
  },
  assets: {
    parties: ['vendor_id', 'provider_id'],
    fields: [
      { column: 'id' },
      { column: 'external_id' },
      { json: ['product', 'name'] },
      { json: ['tiers', 'customer', 'name'] },
    ],
  },
};

/** The searched text of row `r`, exactly as rql-sql searchText builds it (0046: of some of the fields). */
export const textOf = (r: string, fields: readonly SearchField[]) =>
  fields
    .map((f) =>
      'column' in f ? `coalesce(${r}.${f.column}::text, '')` : `coalesce((${r}.data #>> '{${f.json}}'), '')`,
    )
    .join(' || chr(31) || ');

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, { parties, fields }] of Object.entries(SEARCHED)) {
    const texts = `${table}_texts`;
    const cols = parties.map((p) => `${p} text not null`).join(', ');
    const statements = [
      `create table ${texts} (id text primary key references ${table} (id) on delete cascade, ${cols}, text text not null)`,
      `create function ${texts}_keep() returns trigger language plpgsql as $$
      begin
        insert into ${texts} (id, ${parties.join(', ')}, text)
        values (new.id, ${parties.map((p) => `new.${p}`).join(', ')}, ${textOf('new', fields)})
        on conflict (id) do update set ${[...parties, 'text'].map((c) => `${c} = excluded.${c}`).join(', ')}
        where (${[...parties, 'text'].map((c) => `${texts}.${c}`).join(', ')})
          is distinct from (${[...parties, 'text'].map((c) => `excluded.${c}`).join(', ')});
        return null;
      end $$`,
      `create trigger ${texts}_keep after insert or update on ${table} for each row execute function ${texts}_keep()`,
      `insert into ${texts} (id, ${parties.join(', ')}, text)
        select id, ${parties.join(', ')}, ${textOf(table, fields)} from ${table}`,
      `create index ${texts}_trgm on ${texts} using gin (text gin_trgm_ops)`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(SEARCHED)) {
    await sql.raw(`drop trigger if exists ${table}_texts_keep on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_texts_keep()`).execute(db);
    await sql.raw(`drop table if exists ${table}_texts`).execute(db);
  }
}
