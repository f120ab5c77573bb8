import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 15, leads: vendors' lead forms, the form each listing uses, and the leads visitors send. Owner account ids
// on every row (DESIGN §7); list indexes derive from the declarations at start (resources/indexes.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table lead_forms (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      status text not null,
      template text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );

    create table listing_forms (
      listing_id text primary key references listings(id) on delete cascade,
      form_id text not null references lead_forms(id) on delete cascade,
      account_id text not null,
      created_at timestamptz not null
    );
    create index listing_forms_form on listing_forms (form_id);

    create table lead_records (
      id text primary key,
      vendor_id text not null references accounts(id) on delete cascade,
      provider_id text not null,
      listing_id text not null,
      form_id text not null,
      product_id text not null,
      marketplace_id text not null,
      name text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index lead_records_vendor_status on lead_records (vendor_id, status)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists lead_records;
    drop table if exists listing_forms;
    drop table if exists lead_forms
  `,
  );
}
