import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 14: domains an account proves it owns (DNS TXT), its IP access rules (portal sign-in and API tokens), and
// settings objects kept per account and module (helpdesk). The identity provider link of a domain (sso) lives in
// `domains.data.auth`, so it needs no column here.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table domains (
      id text primary key,
      account_id text not null references accounts(id),
      domain text not null check (domain = lower(domain)),
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index domains_one_verified on domains (domain) where status = 'verified';
    create unique index domains_once_per_account on domains (account_id, domain) where status <> 'deleted';

    create table acl_rules (
      id text primary key,
      account_id text not null references accounts(id),
      acl text not null,
      action text not null,
      value text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index acl_rules_list on acl_rules (account_id, acl);

    create table account_settings (
      account_id text not null references accounts(id),
      module text not null,
      updated_at timestamptz not null,
      data jsonb not null,
      primary key (account_id, module)
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop table if exists account_settings, acl_rules, domains cascade');
}
