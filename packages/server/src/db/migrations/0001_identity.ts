import { sql, type Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Identity and tenancy. Every tenant-owned table carries account_id; full objects live in `data`,
// fields that are filtered, ordered or joined on are promoted to indexed columns.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table accounts (
      id text primary key,
      type text not null check (type in ('vendor','provider')),
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      data jsonb not null
    );
    create index accounts_name on accounts (name);
    create index accounts_created on accounts (created_at);

    create table users (
      id text primary key,
      email text not null,
      name text not null,
      password_hash text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      data jsonb not null
    );
    create unique index users_email on users (lower(email));

    create table account_users (
      account_id text not null references accounts(id) on delete cascade,
      user_id text not null references users(id) on delete cascade,
      status text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      data jsonb not null default '{}',
      primary key (account_id, user_id)
    );
    create index account_users_user on account_users (user_id);
    create index account_users_status on account_users (account_id, status, created_at);

    create table groups (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      data jsonb not null
    );
    create index groups_account on groups (account_id, created_at);

    create table group_users (
      group_id text not null references groups(id) on delete cascade,
      user_id text not null references users(id) on delete cascade,
      account_id text not null,
      created_at timestamptz not null default now(),
      primary key (group_id, user_id)
    );
    create index group_users_user on group_users (user_id, account_id);

    create table sessions (
      id text primary key,
      secret_hash text not null unique,
      user_id text not null references users(id) on delete cascade,
      account_id text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      terminated_at timestamptz,
      data jsonb not null default '{}'
    );
    create index sessions_user on sessions (user_id, created_at);

    create table tokens (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      status text not null,
      secret_hash text,
      name text,
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      data jsonb not null
    );
    create index tokens_account on tokens (account_id, status, created_at);

    create table user_settings (
      user_id text not null references users(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      key text not null,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, account_id, key)
    );

    create table confirmation_codes (
      code_hash text primary key,
      user_id text not null references users(id) on delete cascade,
      account_id text,
      kind text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index confirmation_codes_user on confirmation_codes (user_id, kind);

    create table outbox (
      id text primary key,
      account_id text,
      recipient text not null,
      subject text not null,
      body_text text not null,
      body_html text,
      status text not null default 'queued',
      attempts int not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbox_status on outbox (status, created_at);
    create index outbox_recipient on outbox (lower(recipient), created_at);

    create table audit_records (
      id text primary key,
      account_id text not null,
      object_id text not null,
      object_type text not null,
      action text not null,
      actor_id text,
      created_at timestamptz not null default now(),
      data jsonb not null
    );
    create index audit_account on audit_records (account_id, created_at);
    create index audit_object on audit_records (object_id, created_at);

    create table throttle (
      key text primary key,
      window_start timestamptz not null,
      hits int not null
    );
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists throttle, audit_records, outbox, confirmation_codes, user_settings, tokens,
    sessions, group_users, groups, account_users, users, accounts cascade`.execute(db);
}
