import { requestResource, type Request } from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { saveStamped, type Served } from '../../resources/engine.ts';
import { partyScope, productCapabilities } from './refs.ts';

// How asset requests are stored and who sees them; the handlers (create, update, actions) are in requests.ts.

export const requestStore: Served<Request> = {
  decl: requestResource,
  table: 'asset_requests',
  columns: {
    id: 'id', type: 'type', status: 'status', assignee: 'assignee_id', 'assignee.id': 'assignee_id',
    'asset.id': 'asset_id', asset_id: 'asset_id', 'asset.product.id': 'product_id', product_id: 'product_id',
    'asset.connection.id': 'connection_id', 'asset.connection.type': 'environment', 'asset.connection.environment': 'environment',
    'asset.connection.provider.id': 'provider_id', 'asset.connection.vendor.id': 'vendor_id',
    'asset.marketplace.id': 'marketplace_id', 'marketplace.id': 'marketplace_id', 'asset.tiers.customer.id': 'customer_id',
    created: 'created_at', updated: 'updated_at', planned_date: 'planned_date',
  },
  row: (r) => ({
    id: r.id, asset_id: r.asset.id, vendor_id: r.asset.connection.vendor.id, provider_id: r.asset.connection.provider.id,
    product_id: r.asset.product.id, connection_id: r.asset.connection.id, marketplace_id: r.marketplace?.id ?? null,
    customer_id: r.asset.tiers.customer.id, type: r.type, status: r.status, assignee_id: r.assignee?.id ?? null,
    planned_date: r.planned_date, environment: r.asset.connection.type, created_at: r.created, updated_at: r.updated,
  }),
  owner: (r) => r.asset.connection.vendor.id,
  scope: (ctx) => partyScope(ctx),
  presents: (include) => include.includes('asset.product.capabilities'),
  /** `select(asset.product.capabilities)` (reference: hidden unless asked) adds the products' capabilities, one query a page. */
  async presentMany(list, _ctx, include, db) {
    if (!include.includes('asset.product.capabilities') || !list.length) return list;
    const caps = await productCapabilities(db, list.map((r) => r.asset.product.id));
    return list.map((r) => ({ ...r, asset: { ...r.asset, product: { ...r.asset.product, capabilities: caps.get(r.asset.product.id) ?? {} } } }));
  },
};

/** The request row, locked for the rest of the transaction (no visibility check: callers are the system's own flows). */
export async function lockedRequest(db: Transaction<DB>, id: string): Promise<Request | undefined> {
  const { rows } = await sql<{ data: Request }>`select data from asset_requests where id = ${id} for update`.execute(db);
  return rows[0]?.data;
}

/** Store a request changed outside the engine's actions (tiers setup, scheduled activation): stamped and audited. */
export const saveRequest = (db: Transaction<DB>, ctx: Ctx, before: Request, after: Request, action: string, event?: string) =>
  saveStamped(requestStore, ctx, before, after, action, db, event);

/** The asset's status when the request was opened (where a failed or revoked request leaves the asset). */
export async function assetStatusBefore(db: Transaction<DB>, requestId: string): Promise<string> {
  const row = await db.selectFrom('asset_requests').select('asset_status_before').where('id', '=', requestId).executeTakeFirstOrThrow();
  return row.asset_status_before;
}
