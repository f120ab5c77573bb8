import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Products, their built versions (frozen copies of the catalogue) and the links that let a provider see
// a vendor's product (a listing in its marketplace or a connection to its hub; maintained by distribution).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table products (
      id text primary key,
      account_id text not null references accounts(id),
      status text not null,
      name text not null,
      version int not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index products_account on products (account_id, created_at);
    create index products_status on products (status, created_at);
    create index products_name on products (name);

    create table product_links (
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      kind text not null,
      ref_id text not null,
      created_at timestamptz not null default now(),
      primary key (account_id, product_id, kind, ref_id)
    );
    create index product_links_product on product_links (product_id);

    create table product_versions (
      product_id text not null references products(id) on delete cascade,
      id text not null,
      version int not null,
      account_id text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null,
      primary key (product_id, id)
    );
    create unique index product_versions_number on product_versions (product_id, version);

    create table product_version_objects (
      product_id text not null,
      version int not null,
      kind text not null,
      object_id text not null,
      position int not null default 0,
      data jsonb not null,
      primary key (product_id, version, kind, object_id),
      foreign key (product_id, version) references product_versions (product_id, version) on delete cascade
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists product_version_objects, product_versions, product_links, products cascade',
  );
}
