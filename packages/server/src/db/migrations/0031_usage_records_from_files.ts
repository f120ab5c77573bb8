import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 16, processing speed: what every record of a file shares is held once, by the file, instead of by each of
// up to a million rows (records.ts composes it back):
// - `usage_files.record_items`: the file's items as its records name them, by id (written when it is processed);
//   records no longer carry the item, the file's name and currency, the constant multiplier or an empty note;
// - the filters on values a parent holds (product and schema by the file, external id and uid by the asset) are
//   tested on the parent (Served.through), so the records' filter index no longer holds them; the time the records
//   were made grows with the rows written, which a BRIN index serves at almost no cost per insert.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table usage_files add column record_items jsonb;
    update usage_files f set record_items = i.items
      from (select usage_file_id, jsonb_object_agg(item_id, item) as items
        from (select distinct on (usage_file_id, item_id) usage_file_id, item_id, data -> 'item' as item
          from usage_records where data ? 'item' order by usage_file_id, item_id) d
        group by usage_file_id) i
      where i.usage_file_id = f.id;
    update usage_records set data = data - array['item', 'usagefile', 'multiplier']::text[]
      - (case when data ->> 'record_note' = '' then 'record_note' else '' end)
      where data ?| array['item', 'usagefile', 'multiplier', 'record_note'];
    create index usage_records_created on usage_records using brin (created_at)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop index if exists usage_records_created;
    update usage_records r set data = jsonb_build_object('item', f.record_items -> r.item_id,
        'usagefile', jsonb_build_object('name', f.name, 'currency', f.data -> 'currency'), 'multiplier', 1,
        'record_note', coalesce(r.data -> 'record_note', '""')) || r.data
      from usage_files f where f.id = r.usage_file_id;
    alter table usage_files drop column record_items
  `,
  );
}
