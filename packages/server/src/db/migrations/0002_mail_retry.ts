import { sql, type Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Outbox retries: a queued message is picked again only once next_attempt_at has passed
// (set to a lease while a deliverer is sending it, then to the backoff after a failure).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table outbox add column next_attempt_at timestamptz;
    create index outbox_due on outbox (status, next_attempt_at, created_at);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbox_due`.execute(db);
  await sql`alter table outbox drop column if exists next_attempt_at`.execute(db);
}
