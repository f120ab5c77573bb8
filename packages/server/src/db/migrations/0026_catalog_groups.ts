import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 15, catalog groups: an account's product groups, the products in each and the agreements that cover them.
// Owner account ids on every row (DESIGN §7); list indexes derive from the declarations at start.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table product_groups (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );

    create table product_group_products (
      group_id text not null references product_groups(id) on delete cascade,
      product_id text not null references products(id) on delete cascade,
      account_id text not null,
      created_at timestamptz not null,
      primary key (group_id, product_id)
    );
    create index product_group_products_product on product_group_products (product_id);

    create table agreement_product_groups (
      agreement_id text not null references agreements(id) on delete cascade,
      group_id text not null references product_groups(id) on delete cascade,
      account_id text not null,
      created_at timestamptz not null,
      primary key (agreement_id, group_id)
    );
    create index agreement_product_groups_group on agreement_product_groups (group_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists agreement_product_groups;
    drop table if exists product_group_products;
    drop table if exists product_groups
  `,
  );
}
