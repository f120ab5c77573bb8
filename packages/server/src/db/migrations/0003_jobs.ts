import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Background work shared by every server process: claimed with FOR UPDATE SKIP LOCKED.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table jobs (
      id text primary key,
      kind text not null,
      account_id text,
      payload jsonb not null,
      status text not null default 'queued',
      run_at timestamptz not null default now(),
      attempts int not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index jobs_due on jobs (run_at) where status = 'queued';
    create index jobs_kind on jobs (kind, status)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists jobs');
}
