import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 11: the login throttle slows a failing (e-mail, address) pair down instead of locking the e-mail out
// (last_at: when its last attempt was counted; the next waits a delay after it), and system_state keeps markers such as "the demo seed completed", written
// last so a start can tell a half-seeded database from a finished one.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table throttle add column last_at timestamptz;
    create table system_state (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists system_state;\n alter table throttle drop column if exists last_at');
}
