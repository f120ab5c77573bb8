import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Fulfillment: assets (subscriptions) and their requests, tier configs and their requests, tier account
// requests. Each row keeps the object as the API returns it in `data`; the columns are what lists filter,
// order and scope by. Every list is scoped by vendor_id or provider_id, so those lead the indexes.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table assets (
      id text primary key,
      vendor_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      product_id text not null references products(id),
      connection_id text not null,
      marketplace_id text,
      hub_id text,
      customer_id text not null references tier_accounts(id),
      tier1_id text references tier_accounts(id),
      tier2_id text references tier_accounts(id),
      status text not null,
      external_id text not null,
      external_uid text not null,
      environment text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index assets_vendor on assets (vendor_id, created_at desc);
    create index assets_provider on assets (provider_id, created_at desc);
    create index assets_product on assets (product_id);
    create index assets_customer on assets (customer_id);
    create index assets_tier1 on assets (tier1_id) where tier1_id is not null;
    create index assets_tier2 on assets (tier2_id) where tier2_id is not null;
    create unique index assets_external_uid on assets (provider_id, external_uid);

    create table asset_requests (
      id text primary key,
      asset_id text not null references assets(id),
      vendor_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      product_id text not null references products(id),
      connection_id text not null,
      marketplace_id text,
      customer_id text not null,
      type text not null,
      status text not null,
      assignee_id text,
      planned_date timestamptz,
      -- connection type, for filters on asset.connection.type / environment
      environment text not null,
      -- the asset's status when the request was opened: where a failed or revoked request leaves it
      asset_status_before text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index asset_requests_vendor on asset_requests (vendor_id, status, created_at desc);
    create index asset_requests_provider on asset_requests (provider_id, status, created_at desc);
    create index asset_requests_vendor_created on asset_requests (vendor_id, created_at desc);
    create index asset_requests_provider_created on asset_requests (provider_id, created_at desc);
    create index asset_requests_asset on asset_requests (asset_id, created_at desc);
    create index asset_requests_product on asset_requests (product_id, created_at desc);
    create index asset_requests_due on asset_requests (planned_date) where status = 'scheduled';
    -- an asset has at most one request that is not decided yet
    create unique index asset_requests_open on asset_requests (asset_id)
      where status in ('draft', 'pending', 'tiers_setup', 'inquiring', 'scheduled', 'revoking');

    create table tier_configs (
      id text primary key,
      tier_account_id text not null references tier_accounts(id),
      tier_level int not null,
      vendor_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      product_id text not null references products(id),
      connection_id text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index tier_configs_account_product on tier_configs (tier_account_id, product_id);
    create index tier_configs_vendor on tier_configs (vendor_id, created_at desc);
    create index tier_configs_provider on tier_configs (provider_id, created_at desc);

    create table tier_config_requests (
      id text primary key,
      config_id text not null references tier_configs(id),
      tier_account_id text not null references tier_accounts(id),
      tier_level int not null,
      vendor_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      product_id text not null references products(id),
      asset_request_id text references asset_requests(id),
      type text not null,
      status text not null,
      assignee_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index tier_config_requests_vendor on tier_config_requests (vendor_id, status, created_at desc);
    create index tier_config_requests_provider on tier_config_requests (provider_id, status, created_at desc);
    create index tier_config_requests_asset_request on tier_config_requests (asset_request_id) where asset_request_id is not null;
    create unique index tier_config_requests_open on tier_config_requests (config_id)
      where status in ('draft', 'pending', 'tiers_setup', 'inquiring');

    create table tier_account_requests (
      id text primary key,
      tier_account_id text not null references tier_accounts(id),
      tier_account_version int not null,
      vendor_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      product_id text not null references products(id),
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index tier_account_requests_vendor on tier_account_requests (vendor_id, status, created_at desc);
    create index tier_account_requests_provider on tier_account_requests (provider_id, created_at desc);
    create index tier_account_requests_account on tier_account_requests (tier_account_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists tier_account_requests, tier_config_requests, tier_configs, asset_requests, assets cascade',
  );
}
