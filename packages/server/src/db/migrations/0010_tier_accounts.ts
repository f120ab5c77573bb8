import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Tier accounts (customers, T1 and T2 resellers) of a provider account, and the full state of every
// earlier version. tier_account_history serves /tier/accounts/{id}/versions: the kept versions plus
// the current one. External ids are unique per provider among accounts that are not decommissioned.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table tier_accounts (
      id text primary key,
      account_id text not null references accounts(id),
      status text not null,
      scope text not null,
      type text not null,
      name text not null,
      external_id text,
      external_uid text not null,
      parent_id text references tier_accounts(id),
      version int not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index tier_accounts_account on tier_accounts (account_id, name);
    create index tier_accounts_parent on tier_accounts (parent_id);
    create unique index tier_accounts_external_uid on tier_accounts (account_id, external_uid) where status <> 'decommissioned';
    create unique index tier_accounts_external_id on tier_accounts (account_id, external_id)
      where status <> 'decommissioned' and external_id is not null;

    create table tier_account_versions (
      tier_account_id text not null references tier_accounts(id) on delete cascade,
      version int not null,
      account_id text not null references accounts(id),
      status text not null,
      updated_at timestamptz not null,
      data jsonb not null,
      primary key (tier_account_id, version)
    );

    create view tier_account_history as
      select tier_account_id, version, version::text as version_id, account_id, status, updated_at, data from tier_account_versions
      union all
      select id, version, version::text, account_id, status, updated_at, data from tier_accounts
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop view if exists tier_account_history;\ndrop table if exists tier_account_versions, tier_accounts cascade',
  );
}
