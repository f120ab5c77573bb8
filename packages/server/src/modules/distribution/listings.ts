import { sql } from 'kysely';
import { listingResource, type Listing } from '@trellis/domain';
import type { Served } from '../../resources/engine.ts';
import { partyTo } from './access.ts';

/** Listings are made and changed by listing requests (see listing-requests.ts); both parties read them. */
export const listings: Served<Listing> = {
  decl: listingResource,
  table: 'listings',
  columns: {
    id: 'id', status: 'status', 'marketplace.id': 'marketplace_id', 'product.id': 'product_id',
    'vendor.id': 'account_id', 'provider.id': 'provider_id', created: 'created_at', updated: 'updated_at',
  },
  row: (l) => ({
    id: l.id, account_id: l.vendor.id, provider_id: l.provider.id, marketplace_id: l.marketplace.id, product_id: l.product.id,
    status: l.status, created_at: l.created, updated_at: l.updated,
  }),
  owner: (l) => l.vendor.id,
  scope: (ctx) => partyTo(ctx),
  /** The request in progress on this listing; a provider does not see the vendor's drafts. */
  async present(l, ctx, _include, db) {
    const statuses = ctx.account.id === l.vendor.id ? ['draft', 'reviewing', 'deploying'] : ['reviewing', 'deploying'];
    const { rows } = await sql<{ id: string; type: string; status: string }>`select id, type, status from listing_requests
      where listing_id = ${l.id} and status in (${sql.join(statuses)}) order by created_at desc limit 1`.execute(db);
    return { ...l, pending_request: rows[0] ?? null };
  },
};
