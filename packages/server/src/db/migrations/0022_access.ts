import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 14, access: impersonation sessions, account invitations (sign-up by code) and API token call statistics.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    alter table sessions add column impersonator_id text;
    alter table sessions add column impersonator_session_id text;
    create index sessions_impersonator on sessions (impersonator_session_id) where impersonator_session_id is not null;

    create table account_invitations (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      email text not null,
      status text not null,
      code_hash text unique,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      data jsonb not null
    );
    create index account_invitations_account on account_invitations (account_id, created_at);

    create table token_calls (
      token_id text not null,
      account_id text not null,
      hour timestamptz not null,
      code text not null,
      calls bigint not null,
      primary key (token_id, hour, code)
    );

    create table token_call_totals (
      token_id text not null,
      account_id text not null,
      code text not null,
      total bigint not null,
      since_reset bigint not null,
      started_at timestamptz not null,
      primary key (token_id, code)
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists token_call_totals;
    drop table if exists token_calls;
    drop table if exists account_invitations;
    alter table sessions drop column if exists impersonator_session_id;
    alter table sessions drop column if exists impersonator_id
  `,
  );
}
