import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 17, service levels: each account's SLA settings per kind of object, and the indicators of the objects that
// wait under an enabled objective. Accounts get their default (disabled) settings from the slm area (slas.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table slas (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      entity_type text not null,
      active boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index slas_one_per_kind on slas (account_id, entity_type);
    create table slis (
      id text primary key,
      entity_id text not null unique,
      entity_type text not null,
      account_id text not null references accounts(id) on delete cascade,
      sla_id text not null references slas(id) on delete cascade,
      zone integer not null,
      days integer not null,
      start_at timestamptz not null,
      next_at timestamptz not null,
      terminate_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index slis_by_account on slis (account_id, zone desc, start_at);
    create index slis_due on slis (next_at);
    create index slis_by_sla on slis (sla_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists slis; drop table if exists slas`);
}
