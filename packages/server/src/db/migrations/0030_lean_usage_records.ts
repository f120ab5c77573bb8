import { sql, type Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 16, processing speed: a usage file writes up to a million records at once, and PostgreSQL's work per row
// was most of what processing cost (bench/usage.ts). Three changes make each row cheaper to write:
// - the foreign key to usage_files checked every inserted row (as much as the heap insert itself); the processing
//   writes only rows of the file it has just read, so the check is dropped, and a statement trigger keeps the
//   cascade: a deleted usage file takes its records with it;
// - `data` no longer repeats what the columns hold (the engine composes the object, records.ts): rows half as wide;
// - records are ordered by row and by start only (domain usage/record.ts): the btrees of the other orderings cost
//   every insert as much as the heap does.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table usage_records drop constraint if exists usage_records_usage_file_id_fkey;
    update usage_records set data = data - array['id', 'record_id', 'status', 'row', 'start_date', 'end_date',
      'product_id', 'item_id', 'asset_id', 'asset_external_id', 'asset_external_uid', 'asset', 'hub', 'usage',
      'created']::text[] || jsonb_build_object('usagefile', (data -> 'usagefile') - array['id', 'schema']::text[])
  `,
  );
  await sql
    .raw(
      `create function usage_records_of_deleted_files() returns trigger language plpgsql as $$
      begin
        delete from usage_records r using gone g where r.usage_file_id = g.id;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger usage_files_delete_records after delete on usage_files
      referencing old table as gone for each statement execute function usage_records_of_deleted_files()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop trigger if exists usage_files_delete_records on usage_files;
    drop function if exists usage_records_of_deleted_files();
    delete from usage_records r where not exists (select 1 from usage_files f where f.id = r.usage_file_id);
    alter table usage_records add constraint usage_records_usage_file_id_fkey
      foreign key (usage_file_id) references usage_files(id) on delete cascade
  `,
  );
}
