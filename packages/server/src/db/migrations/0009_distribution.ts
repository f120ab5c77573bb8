import type { Kysely } from 'kysely';
import { isoCountries } from '../../modules/distribution/country-data.ts';
import { runStatements } from '../sql-script.ts';

// Distribution: the ISO 3166 country list, providers' marketplaces and hubs, vendors' connections of products to
// hubs, listings of products in marketplaces with the requests that change them, and vendor–provider partnerships.
// account_id is the vendor on rows both sides see (connections, listings, requests); provider_id the other side.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table countries (
      id text primary key,
      name text not null,
      data jsonb not null
    );
    create index countries_name on countries (name);

    create table marketplaces (
      id text primary key,
      account_id text not null references accounts(id),
      name text not null,
      currency text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index marketplaces_account on marketplaces (account_id, name);
    create index marketplaces_name on marketplaces (name);

    create table hubs (
      id text primary key,
      account_id text not null references accounts(id),
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index hubs_account on hubs (account_id, created_at);

    create table connections (
      id text primary key,
      account_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      product_id text not null references products(id) on delete cascade,
      hub_id text not null references hubs(id),
      type text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index connections_product on connections (product_id, created_at);
    create index connections_hub on connections (hub_id, created_at);
    create index connections_provider on connections (provider_id, created_at);

    create table listings (
      id text primary key,
      account_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      marketplace_id text not null references marketplaces(id),
      product_id text not null references products(id) on delete cascade,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index listings_product_marketplace on listings (product_id, marketplace_id);
    create index listings_account on listings (account_id, created_at);
    create index listings_provider on listings (provider_id, created_at);
    create index listings_marketplace on listings (marketplace_id, status);

    create table listing_requests (
      id text primary key,
      account_id text not null references accounts(id),
      provider_id text not null references accounts(id),
      marketplace_id text not null references marketplaces(id),
      product_id text not null references products(id) on delete cascade,
      listing_id text references listings(id),
      type text not null,
      status text not null,
      assignee_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index listing_requests_account on listing_requests (account_id, status, created_at);
    create index listing_requests_provider on listing_requests (provider_id, status, created_at);
    create index listing_requests_listing on listing_requests (listing_id, status);
    create index listing_requests_product on listing_requests (product_id, marketplace_id, status);

    create table partners (
      account_id text not null references accounts(id) on delete cascade,
      id text not null references accounts(id) on delete cascade,
      status text not null,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null,
      primary key (account_id, id)
    );
    create index partners_partner on partners (id, status)
  `,
  );
  // The country list is reference data every account reads; it is written once, here.
  const rows = isoCountries();
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('countries')
      .values(rows.slice(i, i + 100).map((c) => ({ id: c.id, name: c.name, data: JSON.stringify(c) })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists partners, listing_requests, listings, connections, hubs, marketplaces, countries cascade',
  );
}
