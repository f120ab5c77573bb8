import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 15, custom forms (/forms): a distributor's forms and every version of each (the current one included), so
// contract data can name the version of the form it answered. List indexes derive from the declarations at start.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table agreement_forms (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      type text not null,
      status text not null,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );

    create table agreement_form_versions (
      form_id text not null references agreement_forms(id) on delete cascade,
      version integer not null,
      version_id text not null,
      account_id text not null,
      name text not null,
      type text not null,
      created_at timestamptz not null,
      data jsonb not null,
      primary key (form_id, version)
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists agreement_form_versions;\ndrop table if exists agreement_forms');
}
