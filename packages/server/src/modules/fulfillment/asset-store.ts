import { assetResource, subscriptionAssetResource, type Asset } from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { saveStamped, type Served } from '../../resources/engine.ts';
import { partyScope } from './refs.ts';

/**
 * Assets (subscriptions): read-only through the API, made and changed by requests. The product's vendor
 * and the connection's provider read them.
 */
export const assets: Served<Asset> = {
  decl: assetResource,
  table: 'assets',
  columns: {
    id: 'id', status: 'status', external_id: 'external_id', external_uid: 'external_uid', 'product.id': 'product_id',
    'connection.id': 'connection_id', 'connection.type': 'environment', 'connection.provider.id': 'provider_id',
    'connection.vendor.id': 'vendor_id', 'connection.hub.id': 'hub_id', 'marketplace.id': 'marketplace_id',
    'tiers.customer.id': 'customer_id', 'tiers.tier1.id': 'tier1_id', 'tiers.tier2.id': 'tier2_id',
    created: 'created_at', updated: 'updated_at',
  },
  row: (a) => ({
    id: a.id, vendor_id: a.connection.vendor.id, provider_id: a.connection.provider.id, product_id: a.product.id,
    connection_id: a.connection.id, marketplace_id: a.marketplace?.id ?? null, hub_id: a.connection.hub?.id ?? null,
    customer_id: a.tiers.customer.id, tier1_id: a.tiers.tier1?.id ?? null, tier2_id: a.tiers.tier2?.id ?? null,
    status: a.status, external_id: a.external_id, external_uid: a.external_uid, environment: a.connection.type,
    created_at: a.created, updated_at: a.updated,
  }),
  owner: (a) => a.connection.vendor.id,
  scope: (ctx) => partyScope(ctx),
};

export const subscriptionAssets: Served<Asset> = { ...assets, decl: subscriptionAssetResource };

/** The asset row, locked for the rest of the transaction. */
export async function lockedAsset(db: Transaction<DB>, id: string): Promise<Asset> {
  const { rows } = await sql<{ data: Asset }>`select data from assets where id = ${id} for update`.execute(db);
  return rows[0].data;
}

/** Change an asset (inside a request's transaction): stamped, stored and audited. Unchanged → nothing written. */
export async function changeAsset(db: Transaction<DB>, ctx: Ctx, id: string, action: string, change: (a: Asset) => Asset): Promise<Asset> {
  const before = await lockedAsset(db, id);
  const changed = change(before);
  if (JSON.stringify(changed) === JSON.stringify(before)) return before;
  return saveStamped(assets, ctx, before, changed, action, db);
}
