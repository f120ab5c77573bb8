import { requestResource, type Request } from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { saveStamped, type Served } from '../../resources/engine.ts';
import { partySide } from '../../resources/parties.ts';
import { defineTable, text, timestamp } from '../../resources/table.ts';
import { productCapabilities } from './refs.ts';

// How asset requests are stored and who sees them; the handlers (create, update, actions) are in requests.ts.

/**
 * Asset requests: the columns lists filter, order and scope by (migration 0012). `asset_status_before` is the
 * asset's status when the request was opened (where a failed or revoked request leaves it): the create flow writes
 * it once, nothing copies it from the request.
 */
export const assetRequestTable = defineTable(
  'asset_requests',
  {
    id: text('id'),
    asset_id: text('asset.id'),
    vendor_id: text('asset.connection.vendor.id'),
    provider_id: text('asset.connection.provider.id'),
    product_id: text('asset.product.id'),
    connection_id: text('asset.connection.id'),
    marketplace_id: text('marketplace.id').nullable(),
    customer_id: text('asset.tiers.customer.id'),
    type: text('type'),
    status: text('status'),
    assignee_id: text('assignee.id').nullable(),
    planned_date: timestamp('planned_date').nullable(),
    environment: text('asset.connection.type'),
    asset_status_before: text(),
    created_at: timestamp('created'),
    updated_at: timestamp('updated'),
  },
  { text: true },
);

export const requestStore: Served<Request> = {
  decl: requestResource,
  table: assetRequestTable,
  // the reference's other names of the same columns
  columns: {
    assignee: 'assignee.id',
    asset_id: 'asset.id',
    product_id: 'asset.product.id',
    'asset.connection.environment': 'asset.connection.type',
    'asset.marketplace.id': 'marketplace.id',
  },
  owner: (r) => r.asset.connection.vendor.id,
  side: partySide,
  presents: (include) => include.includes('asset.product.capabilities'),
  /** `select(asset.product.capabilities)` (reference: hidden unless asked) adds the products' capabilities, one query a page. */
  async presentMany(list, _ctx, include, db) {
    if (!include.includes('asset.product.capabilities') || !list.length) return list;
    const caps = await productCapabilities(
      db,
      list.map((r) => r.asset.product.id),
    );
    return list.map((r) => ({
      ...r,
      asset: { ...r.asset, product: { ...r.asset.product, capabilities: caps.get(r.asset.product.id) ?? {} } },
    }));
  },
};

/** The request row, locked for the rest of the transaction (no visibility check: callers are the system's own flows). */
export async function lockedRequest(db: Transaction<DB>, id: string): Promise<Request | undefined> {
  const { rows } = await sql<{ data: Request }>`select data from asset_requests where id = ${id} for update`.execute(
    db,
  );
  return rows[0]?.data;
}

/** Store a request changed outside the engine's actions (tiers setup, scheduled activation): stamped and audited. */
export const saveRequest = (
  db: Transaction<DB>,
  ctx: Ctx,
  before: Request,
  after: Request,
  action: string,
  event?: string,
) => saveStamped(requestStore, ctx, before, after, action, db, event);

/** The asset's status when the request was opened (where a failed or revoked request leaves the asset). */
export async function assetStatusBefore(db: Transaction<DB>, requestId: string): Promise<string> {
  const row = await db
    .selectFrom('asset_requests')
    .select('asset_status_before')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return row.asset_status_before;
}
