import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 16, usage: usage files, their records (bulk-written by the processing), chunks per hub, reconciliations and
// the kept aggregates. Owner account ids on every row (DESIGN §7); list indexes derive from the declarations.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table usage_files (
      id text primary key,
      vendor_id text not null references accounts(id) on delete cascade,
      provider_id text not null,
      product_id text not null,
      contract_id text not null,
      marketplace_id text not null,
      name text not null,
      type text not null,
      status text not null,
      upload_key text,
      processed_key text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );

    create table usage_records (
      id text primary key,
      usage_file_id text not null references usage_files(id) on delete cascade,
      vendor_id text not null,
      provider_id text not null,
      product_id text not null,
      asset_id text not null,
      asset_external_id text,
      asset_external_uid text,
      item_id text not null,
      hub_id text,
      schema text not null,
      status text not null,
      record_id text not null,
      "row" integer not null,
      start_at timestamptz not null,
      end_at timestamptz not null,
      usage numeric not null,
      created_at timestamptz not null,
      data jsonb not null
    );
    create index usage_records_file_row on usage_records (usage_file_id, "row");

    create table usage_chunks (
      id text primary key,
      usage_file_id text not null references usage_files(id) on delete cascade,
      vendor_id text not null,
      provider_id text not null,
      hub_id text,
      status text not null,
      records integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index usage_chunks_file on usage_chunks (usage_file_id);

    create table usage_reconciliations (
      id text primary key,
      usage_file_id text not null references usage_files(id) on delete cascade,
      vendor_id text not null,
      provider_id text not null,
      status text not null,
      upload_key text not null,
      processed_key text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );

    create table usage_aggregates (
      id text primary key,
      vendor_id text not null,
      provider_id text not null,
      product_id text not null,
      asset_id text not null,
      item_id text not null,
      period_from timestamptz not null,
      data jsonb not null
    );
    create index usage_aggregates_asset on usage_aggregates (asset_id, period_from)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists usage_aggregates;
    drop table if exists usage_reconciliations;
    drop table if exists usage_chunks;
    drop table if exists usage_records;
    drop table if exists usage_files
  `,
  );
}
