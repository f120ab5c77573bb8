import { sql, type Kysely } from 'kysely';
import * as m0045 from './0045_search_texts.ts';
import { SEARCHED, textOf, type SearchField } from './0045_search_texts.ts';

// The total of a broad `search=` without a visit per matching row (resources/kept-counts.ts). With the narrow copy of
// migration 0045, a term that one request in twenty matches (a customer's name) still rechecked 50,000 rows at a million,
// because a trigram index only narrows the candidates. But most of what a broad term matches is text that many rows
// share: the product's and the customer's names. So the copy splits each row's searched text in two: `text`, the fields
// of the row itself (ids, external id), and `shared`, the fields it shares with the rest of its customer's and product's
// rows. The kept counts (0044) hold how many rows of each party carry each shared text (key 'search'). A row matches a
// term when either part does, so the total is the sum over the shared texts that match plus the rows whose own text
// matches and whose shared text does not. That costs one visit per distinct shared text and per own-text match, not one
// per matching row. Statement-level triggers with transition tables replace 0045's row trigger, as in 0044.
export const SHARED: Record<string, readonly SearchField[]> = {
  asset_requests: [{ json: ['asset', 'product', 'name'] }, { json: ['asset', 'tiers', 'customer', 'name'] }],
  assets: [{ json: ['product', 'name'] }, { json: ['tiers', 'customer', 'name'] }],
};

const same = (a: SearchField, b: SearchField) => JSON.stringify(a) === JSON.stringify(b);
/** The fields of a row itself: what `search=` reads (0045) less the shared ones. */
export const ownFields = (table: string) =>
  SEARCHED[table].fields.filter((f) => !SHARED[table].some((s) => same(s, f)));

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, { parties }] of Object.entries(SEARCHED)) {
    const texts = `${table}_texts`;
    const own = (r: string) => textOf(r, ownFields(table));
    const shared = (r: string) => textOf(r, SHARED[table]);
    const cols = [...parties, 'text', 'shared'];
    const upsert = `insert into ${texts} (id, ${cols.join(', ')})
      select n.id, ${parties.map((p) => `n.${p}`).join(', ')}, ${own('n')}, ${shared('n')} from new_rows n
      on conflict (id) do update set ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}
      where (${cols.map((c) => `${texts}.${c}`).join(', ')}) is distinct from (${cols.map((c) => `excluded.${c}`).join(', ')})`;
    // +1 per row that carries a shared text, -1 per row that no longer does; a statement that changes none adds nothing
    const counts = (rows: string[]) =>
      parties.map(
        (p) => `insert into kept_counts (tbl, party, party_id, key, value, n)
        select '${table}', '${p}', p, 'search', v, sum(d) from (${rows
          .map(
            (r) =>
              `select ${r}.${p} as p, ${shared(r)} as v, ${r === 'n' ? 1 : -1} as d from ${r === 'n' ? 'new_rows' : 'old_rows'} ${r}`,
          )
          .join(' union all ')}) x
        where p is not null group by p, v having sum(d) <> 0`,
      );
    const statements = [
      `drop trigger if exists ${texts}_keep on ${table}`,
      `drop function if exists ${texts}_keep()`,
      `drop index if exists ${texts}_trgm`,
      `truncate ${texts}`,
      `alter table ${texts} add column shared text not null`,
      `insert into ${texts} (id, ${cols.join(', ')})
        select id, ${parties.join(', ')}, ${own(table)}, ${shared(table)} from ${table}`,
      `create index ${texts}_trgm on ${texts} using gin (text gin_trgm_ops)`,
      ...parties.map(
        (p) => `insert into kept_counts (tbl, party, party_id, key, value, n)
        select '${table}', '${p}', ${p}, 'search', ${shared(table)}, count(*) from ${table}
        where ${p} is not null group by 3, 5`,
      ),
      `create function ${texts}_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${[upsert, ...counts(['n'])].join(';\n')};
        elsif tg_op = 'UPDATE' then
          ${[upsert, ...counts(['n', 'o'])].join(';\n')};
        else
          ${counts(['o']).join(';\n')};
        end if;
        return null;
      end $$`,
      `create trigger ${texts}_keep_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function ${texts}_keep()`,
      `create trigger ${texts}_keep_update after update on ${table}
        referencing old table as old_rows new table as new_rows for each statement execute function ${texts}_keep()`,
      `create trigger ${texts}_keep_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function ${texts}_keep()`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
  }
  // the shared texts of one party that a term matches, found by trigram rather than by reading them all
  await sql
    .raw(`create index kept_counts_search on kept_counts using gin (value gin_trgm_ops) where key = 'search'`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists kept_counts_search').execute(db);
  await sql.raw(`delete from kept_counts where key = 'search'`).execute(db);
  for (const table of Object.keys(SEARCHED)) {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists ${table}_texts_keep_${event} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_texts_keep()`).execute(db);
  }
  // back to 0045's copy of the whole text
  await m0045.down(db);
  await m0045.up(db);
}
