import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Rows made with their parent in one create (an agreement's first version) point to it through a deferred key.
// Issue 15, partner management: agreements with versions, the marketplaces they cover, contracts with versions
// and the data partners fill in. Owner account ids on every row (DESIGN §7); list indexes derive from the
// declarations at start (resources/indexes.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table agreements (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      type text not null,
      title text not null,
      active boolean not null,
      parent_id text references agreements(id) on delete cascade,
      marketplace_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index agreements_parent on agreements (parent_id) where parent_id is not null;

    create table agreement_versions (
      agreement_id text not null references agreements(id) on delete cascade deferrable initially deferred,
      version integer not null,
      account_id text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null,
      primary key (agreement_id, version)
    );

    create table agreement_marketplaces (
      agreement_id text not null references agreements(id) on delete cascade deferrable initially deferred,
      marketplace_id text not null,
      account_id text not null,
      created_at timestamptz not null,
      data jsonb not null,
      primary key (agreement_id, marketplace_id)
    );
    create index agreement_marketplaces_marketplace on agreement_marketplaces (marketplace_id);

    create table contracts (
      id text primary key,
      account_id text not null,
      owner_id text not null,
      agreement_id text not null references agreements(id) on delete cascade,
      type text not null,
      status text not null,
      version integer not null,
      marketplace_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index contracts_agreement on contracts (agreement_id, owner_id, status);
    create index contracts_pair on contracts (account_id, owner_id, type, status);

    create table contract_versions (
      contract_id text not null references contracts(id) on delete cascade deferrable initially deferred,
      version integer not null,
      account_id text not null,
      owner_id text not null,
      created_at timestamptz not null,
      data jsonb not null,
      primary key (contract_id, version)
    );

    create table contract_data (
      id text primary key,
      contract_id text not null references contracts(id) on delete cascade,
      account_id text not null,
      owner_id text not null,
      type text not null,
      product_id text,
      item_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index contract_data_target on contract_data (contract_id, type, coalesce(product_id, ''), coalesce(item_id, ''))
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists contract_data;
    drop table if exists contract_versions;
    drop table if exists contracts;
    drop table if exists agreement_marketplaces;
    drop table if exists agreement_versions;
    drop table if exists agreements
  `,
  );
}
