import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 17, helpdesk cases: one account asks a partner for help. Both parties' account ids are columns (DESIGN §7);
// `waiting_for` (the account whose move it is) serves the "waiting for us / them" lists and the `cases` counter;
// the auto-close sweep finds resolved cases by `resolved_at`. List indexes derive from the declaration.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table helpdesk_cases (
      id text primary key,
      state text not null,
      type text not null,
      priority integer not null,
      subject text not null,
      issuer_account_id text not null references accounts(id) on delete cascade,
      receiver_account_id text not null references accounts(id) on delete cascade,
      issuer_agent_id text,
      receiver_agent_id text,
      product_id text,
      waiting_for text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      resolved_at timestamptz,
      data jsonb not null
    );
    create index helpdesk_cases_issuer on helpdesk_cases (issuer_account_id, created_at);
    create index helpdesk_cases_receiver on helpdesk_cases (receiver_account_id, created_at);
    create index helpdesk_cases_waiting on helpdesk_cases (waiting_for) where waiting_for is not null;
    create index helpdesk_cases_resolved on helpdesk_cases (resolved_at) where state = 'resolved'
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists helpdesk_cases`);
}
