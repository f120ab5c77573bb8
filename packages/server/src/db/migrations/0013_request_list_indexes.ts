import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

// Lists of asset requests filtered by product (`eq(asset.product.id,…)`) are always scoped by vendor or provider:
// with the party leading and the product next, one index serves the page (ordered by created) and its count
// (an index-only scan instead of visiting every matching row). Measured in bench/ (results/README.md).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    create index asset_requests_vendor_product on asset_requests (vendor_id, product_id, created_at desc);
    create index asset_requests_provider_product on asset_requests (provider_id, product_id, created_at desc)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, 'drop index if exists asset_requests_vendor_product, asset_requests_provider_product');
}
