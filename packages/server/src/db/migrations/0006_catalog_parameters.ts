import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Product parameters (the live, editable definitions; versions freeze copies in product_version_objects)
// and configuration data: a configuration parameter's value for the product, an item, a marketplace or both.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table product_parameters (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id),
      name text not null,
      title text not null,
      type text not null,
      phase text not null,
      scope text not null,
      position int not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create unique index product_parameters_name on product_parameters (product_id, name);
    create index product_parameters_position on product_parameters (product_id, position, id);

    -- Last PRM sequence number used per product, so a deleted parameter's id is never handed out again.
    create table product_parameter_sequences (
      product_id text primary key references products(id) on delete cascade,
      last int not null
    );

    create table product_configurations (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      account_id text not null references accounts(id),
      parameter_id text not null references product_parameters(id) on delete cascade,
      item_id text,
      marketplace_id text,
      value text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index product_configurations_product on product_configurations (product_id, parameter_id, id);
    create index product_configurations_item on product_configurations (product_id, item_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    'drop table if exists product_configurations, product_parameter_sequences, product_parameters cascade',
  );
}
