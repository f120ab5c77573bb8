import { assetResource, subscriptionAssetResource, type Asset } from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { saveStamped, type Served } from '../../resources/engine.ts';
import { partySide } from '../../resources/parties.ts';
import { defineTable, text, timestamp } from '../../resources/table.ts';

/** Assets: the columns lists filter, order and scope by, each copying one path of the asset (migration 0012). */
export const assetTable = defineTable(
  'assets',
  {
    id: text('id'),
    vendor_id: text('connection.vendor.id'),
    provider_id: text('connection.provider.id'),
    product_id: text('product.id'),
    connection_id: text('connection.id'),
    marketplace_id: text('marketplace.id').nullable(),
    hub_id: text('connection.hub.id').nullable(),
    customer_id: text('tiers.customer.id'),
    tier1_id: text('tiers.tier1.id').nullable(),
    tier2_id: text('tiers.tier2.id').nullable(),
    status: text('status'),
    external_id: text('external_id'),
    external_uid: text('external_uid'),
    environment: text('connection.type'),
    created_at: timestamp('created'),
    updated_at: timestamp('updated'),
  },
  { text: true },
);

/**
 * Assets (subscriptions): read-only through the API, made and changed by requests. The product's vendor
 * and the connection's provider read them.
 */
export const assets: Served<Asset> = {
  decl: assetResource,
  table: assetTable,
  owner: (a) => a.connection.vendor.id,
  side: partySide,
};

export const subscriptionAssets: Served<Asset> = { ...assets, decl: subscriptionAssetResource };

/** The asset row, locked for the rest of the transaction. */
export async function lockedAsset(db: Transaction<DB>, id: string): Promise<Asset> {
  const { rows } = await sql<{ data: Asset }>`select data from assets where id = ${id} for update`.execute(db);
  return rows[0].data;
}

/** Change an asset (inside a request's transaction): stamped, stored and audited. Unchanged → nothing written. */
export async function changeAsset(
  db: Transaction<DB>,
  ctx: Ctx,
  id: string,
  action: string,
  change: (a: Asset) => Asset,
): Promise<Asset> {
  const before = await lockedAsset(db, id);
  const changed = change(before);
  if (JSON.stringify(changed) === JSON.stringify(before)) return before;
  return saveStamped(assets, ctx, before, changed, action, db);
}
