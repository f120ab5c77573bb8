import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 16, reconciliations: the rows of a provider's reconciliation spreadsheet as the processing read them, with
// how each matched the usage file's records. Closing the reconciliation closes the records its matched rows name,
// with their billing references; the processed spreadsheet is written from these rows in sheet order.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table usage_reconciliation_rows (
      reconciliation_id text not null references usage_reconciliations(id) on delete cascade,
      "row" integer not null,
      provider_id text not null,
      record_id text not null,
      reported text not null,
      usage numeric,
      external_billing_id text,
      external_billing_note text,
      result text,
      usage_record_id text,
      file_usage numeric,
      primary key (reconciliation_id, "row")
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists usage_reconciliation_rows`);
}
