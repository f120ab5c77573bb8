import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Issue 16, usage rules (/products/{id}/usage/rules): a provider's rules for the usage reported on the items of a
// product, applied when a file is submitted to it (usage/rule-outcome.ts). List indexes derive from the declaration.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create table usage_rules (
      id text primary key,
      product_id text not null references products(id) on delete cascade,
      provider_id text not null references accounts(id) on delete cascade,
      item_id text not null,
      action text not null,
      scope text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      data jsonb not null
    );
    create index usage_rules_product_provider on usage_rules (product_id, provider_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `drop table if exists usage_rules`);
}
