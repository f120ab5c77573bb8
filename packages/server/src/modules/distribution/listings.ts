import { sql } from 'kysely';
import { listingResource, type Listing } from '@trellis/domain';
import type { Served } from '../../resources/engine.ts';
import { groupBy, inList } from '../../db/in-list.ts';
import { partyTo } from './access.ts';

/** Listings are made and changed by listing requests (see listing-requests.ts); both parties read them. */
export const listings: Served<Listing> = {
  decl: listingResource,
  table: 'listings',
  columns: {
    id: 'id',
    status: 'status',
    'marketplace.id': 'marketplace_id',
    'product.id': 'product_id',
    'vendor.id': 'account_id',
    'provider.id': 'provider_id',
    created: 'created_at',
    updated: 'updated_at',
  },
  row: (l) => ({
    id: l.id,
    account_id: l.vendor.id,
    provider_id: l.provider.id,
    marketplace_id: l.marketplace.id,
    product_id: l.product.id,
    status: l.status,
    created_at: l.created,
    updated_at: l.updated,
  }),
  owner: (l) => l.vendor.id,
  scope: (ctx) => partyTo(ctx),
  /** The request in progress on each listing (one query for the page); a provider does not see the vendor's drafts. */
  async presentMany(ls, ctx, _include, db) {
    const { rows } = await sql<{
      listing_id: string;
      id: string;
      type: string;
      status: string;
    }>`select listing_id, id, type, status
      from listing_requests where ${inList(
        sql`listing_id`,
        ls.map((l) => l.id),
      )} and status in ('draft', 'reviewing', 'deploying')
      order by created_at desc, id desc`.execute(db);
    const open = groupBy(rows, (r) => r.listing_id);
    return ls.map((l) => {
      const seesDrafts = ctx.account.id === l.vendor.id;
      const r = open.get(l.id)?.find((x) => seesDrafts || x.status !== 'draft');
      return { ...l, pending_request: r ? { id: r.id, type: r.type, status: r.status } : null };
    });
  },
};
