import { COUNTED_STATUSES } from '@trellis/domain/dashboard/counted';
import { sql, type Transaction } from 'kysely';
import {
  listingRequestResource,
  PENDING_LISTING_REQUEST_STATUSES,
  type Listing,
  type ListingRequest,
  type ListingRequestStatus,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertStamped, saveStamped, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import type { CounterFn } from '../dashboard/counters.ts';
import { accountRef, arePartners, linkProduct, marketplaceVisible, productRef, unlinkProduct } from './access.ts';
import { listings } from './listings.ts';

const now = () => new Date().toISOString();
const PENDING = [...PENDING_LISTING_REQUEST_STATUSES];
const LISTABLE = ['published', 'endofsale'];

/** Status and the reference's `state` move together. */
const moved = (r: ListingRequest, status: ListingRequestStatus): ListingRequest => ({
  ...r,
  status,
  state: status,
  updated: now(),
});

async function lockedListing(db: Transaction<DB>, id: string): Promise<Listing> {
  const row = await db.selectFrom('listings').select('data').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  return row.data as Listing;
}

/** The marketplace a vendor may list in: visible to it and owned by an active partner. */
async function marketplaceFor(db: Transaction<DB>, ctx: Ctx, id: string, partnerNeeded: boolean) {
  const { rows } = await sql<{
    id: string;
    account_id: string;
    data: any;
  }>`select id, account_id, data from marketplaces t
    where t.id = ${id} and ${marketplaceVisible(ctx, sql`t.id`, sql`t.account_id`)}`.execute(db);
  if (!rows.length) throw ApiError.badRequest(`marketplace_id: marketplace ${id} does not exist.`);
  if (partnerNeeded && !(await arePartners(db, ctx, rows[0].account_id))) {
    throw ApiError.badRequest(
      `marketplace_id: the owner of marketplace ${id} is not an active partner of this account.`,
    );
  }
  return rows[0];
}

async function pendingFor(db: Transaction<DB>, productId: string, marketplaceId: string) {
  return db
    .selectFrom('listing_requests')
    .select('id')
    .where('product_id', '=', productId)
    .where('marketplace_id', '=', marketplaceId)
    .where('status', 'in', PENDING)
    .executeTakeFirst();
}

export const listingRequests: Served<ListingRequest> = {
  decl: listingRequestResource,
  table: 'listing_requests',
  columns: {
    id: 'id',
    type: 'type',
    status: 'status',
    state: 'status',
    'product.id': 'product_id',
    'marketplace.id': 'marketplace_id',
    'listing.id': 'listing_id',
    'vendor.id': 'account_id',
    'provider.id': 'provider_id',
    'assignee.id': 'assignee_id',
    created: 'created_at',
    updated: 'updated_at',
  },
  row: (r) => ({
    id: r.id,
    account_id: r.vendor.id,
    provider_id: r.provider.id,
    marketplace_id: r.marketplace.id,
    product_id: r.product.id,
    listing_id: r.listing?.id ?? null,
    type: r.type,
    status: r.status,
    assignee_id: r.assignee?.id ?? null,
    created_at: r.created,
    updated_at: r.updated,
  }),
  owner: (r) => r.vendor.id,
  // The vendor sees its requests; the provider those submitted to it (a draft is still the vendor's alone).
  scope: (ctx) =>
    ctx.account.type === 'vendor'
      ? sql<boolean>`t.account_id = ${ctx.account.id}`
      : sql<boolean>`t.provider_id = ${ctx.account.id} and t.status not in ('draft', 'deleted')`,
  listWhere: (_ctx, query) =>
    JSON.stringify(query.filter ?? null).match(/"field":"(status|state)"/) ? null : sql<boolean>`t.status <> 'deleted'`,

  async create(ctx, input, _params, db) {
    if (ctx.account.type !== 'vendor') throw ApiError.forbidden('Only vendors create listing requests.');
    let productId: string = input.product_id;
    let marketplaceId: string = input.marketplace_id;
    let listing: Listing | undefined;
    if (input.type !== 'new' && input.listing_id) {
      const row = await db
        .selectFrom('listings')
        .select('data')
        .where('id', '=', input.listing_id)
        .where('account_id', '=', ctx.account.id)
        .executeTakeFirst();
      if (!row) throw ApiError.badRequest(`listing_id: listing ${input.listing_id} does not exist.`);
      listing = row.data;
      productId = listing!.product.id;
      marketplaceId = listing!.marketplace.id;
    }
    const product = await db
      .selectFrom('products')
      .select(['id', 'status', 'data'])
      .where('id', '=', productId)
      .where('account_id', '=', ctx.account.id)
      .executeTakeFirst();
    if (!product) throw ApiError.badRequest(`product_id: product ${productId} does not exist.`);
    // one request in progress per product and marketplace: serialise on the product row
    await sql`select 1 from products where id = ${product.id} for update`.execute(db);
    // taking a product off a marketplace needs no partnership any more
    const marketplace = await marketplaceFor(db, ctx, marketplaceId, input.type !== 'remove');
    listing ??= (
      await db
        .selectFrom('listings')
        .select('data')
        .where('product_id', '=', product.id)
        .where('marketplace_id', '=', marketplace.id)
        .executeTakeFirst()
    )?.data;
    if (input.type === 'new') {
      if (!LISTABLE.includes(product.status))
        throw ApiError.badRequest(`Only a published product can be listed; ${product.id} is ${product.status}.`);
      if (listing?.status === 'listed')
        throw ApiError.badRequest(`Product ${product.id} is already listed in marketplace ${marketplace.id}.`);
    } else if (listing?.status !== 'listed') {
      throw ApiError.badRequest(
        `Product ${product.id} is not listed in marketplace ${marketplace.id}; only a listing can be updated or removed.`,
      );
    }
    const pending = await pendingFor(db, product.id, marketplace.id);
    if (pending)
      throw ApiError.conflict(
        `Listing request ${pending.id} for ${product.id} in marketplace ${marketplace.id} is still in progress.`,
      );
    const at = now();
    return {
      id: newId('LSTR', 3, 3),
      type: input.type,
      status: 'draft',
      state: 'draft',
      product: productRef(product.data),
      marketplace: { id: marketplace.id, name: marketplace.data.name, icon: marketplace.data.icon ?? null },
      listing: listing ? { id: listing.id } : null,
      vendor: { id: ctx.account.id, name: ctx.account.name },
      provider: await accountRef(db, marketplace.account_id),
      creator: actorOf(ctx),
      assignee: null,
      note: input.note ?? '',
      created: at,
      updated: at,
      events: {},
    };
  },

  /** DELETE removes a draft: it stays readable with status deleted. */
  async remove(ctx, current) {
    if (ctx.account.id !== current.vendor.id)
      throw ApiError.forbidden('Only the vendor that made this request can delete it.');
    if (current.status !== 'draft') throw ApiError.transition('delete', current.status);
    return moved(current, 'deleted');
  },

  /** Each request shows its listing's current status: one query for the page. */
  async presentMany(rs, _ctx, _include, db) {
    const ids = [...new Set(rs.flatMap((r) => (r.listing ? [r.listing.id] : [])))];
    const rows = ids.length
      ? await db.selectFrom('listings').select(['id', 'status']).where('id', 'in', ids).execute()
      : [];
    const status = new Map(rows.map((l) => [l.id, l.status]));
    return rs.map((r) => (r.listing ? { ...r, listing: { id: r.listing.id, status: status.get(r.listing.id) } } : r));
  },

  actions: {
    /** The vendor sends the draft to the provider; a `new` request gets its (not yet listed) listing now. */
    async submit(ctx, current, _body, _params, db) {
      if (current.type !== 'remove' && !(await arePartners(db, ctx, current.provider.id))) {
        throw ApiError.badRequest(
          `The owner of marketplace ${current.marketplace.id} is not an active partner of this account.`,
        );
      }
      if (current.listing) return moved(current, 'reviewing');
      const existing = await db
        .selectFrom('listings')
        .select('data')
        .where('product_id', '=', current.product.id)
        .where('marketplace_id', '=', current.marketplace.id)
        .executeTakeFirst();
      if (existing) return moved({ ...current, listing: { id: existing.data.id } }, 'reviewing');
      const at = now();
      const listing = await insertStamped<Listing>(
        listings,
        ctx,
        {
          id: newId('LST', 3, 3),
          status: 'unlisted',
          marketplace: current.marketplace,
          product: current.product,
          vendor: current.vendor,
          provider: current.provider,
          pending_request: null,
          created: at,
          updated: at,
          events: {},
        },
        db,
      );
      return moved({ ...current, listing: { id: listing.id } }, 'reviewing');
    },
    /** The provider sends it back to the vendor to change. */
    async refine(_ctx, current) {
      return moved(current, 'draft');
    },
    async deploy(_ctx, current) {
      return moved(current, 'deploying');
    },
    /** `new` lists the product (the provider now reads it); `remove` unlists it (and the provider loses that link). */
    async complete(ctx, current, _body, _params, db) {
      const listing = await lockedListing(db, current.listing!.id);
      if (current.type === 'new') {
        await saveStamped<Listing>(listings, ctx, listing, { ...listing, status: 'listed' }, 'list', db);
        await linkProduct(db, listing.product.id, listing.provider.id, 'listing', listing.id);
      } else if (current.type === 'remove') {
        await saveStamped<Listing>(listings, ctx, listing, { ...listing, status: 'unlisted' }, 'unlist', db);
        await unlinkProduct(db, 'listing', listing.id);
      } else {
        await saveStamped<Listing>(listings, ctx, listing, { ...listing, product: current.product }, 'update', db);
      }
      return moved(current, 'completed');
    },
    async cancel(_ctx, current) {
      return moved(current, 'canceled');
    },
    /** To a user of the provider's account: the one named, or the caller. */
    async assign(ctx, current, body, _params, db) {
      const userId = body.assignee?.id ?? ctx.user?.id;
      if (!userId) throw ApiError.badRequest('assignee: This field is required');
      const user = await db
        .selectFrom('account_users')
        .innerJoin('users', 'users.id', 'account_users.user_id')
        .select(['users.id', 'users.name'])
        .where('account_users.account_id', '=', ctx.account.id)
        .where('account_users.user_id', '=', userId)
        .where('account_users.status', '=', 'active')
        .executeTakeFirst();
      if (!user) throw ApiError.badRequest(`assignee: user ${userId} is not an active user of this account.`);
      return { ...current, assignee: { id: user.id, name: user.name }, updated: now() };
    },
    async unassign(_ctx, current) {
      return { ...current, assignee: null, updated: now() };
    },
  },
};

// Dashboard (spec §1): the vendor counts its requests in draft, reviewing or deploying; the provider those waiting
// on it (reviewing, deploying) — a vendor's draft is not the provider's to act on.
export const countListingRequests: CounterFn = async (db, ctx) => {
  const q = db.selectFrom('listing_requests').select((eb) => eb.fn.countAll<string>().as('n'));
  const row =
    ctx.account.type === 'vendor'
      ? await q
          .where('account_id', '=', ctx.account.id)
          .where('status', 'in', COUNTED_STATUSES.listing_requests.vendor)
          .executeTakeFirstOrThrow()
      : await q
          .where('provider_id', '=', ctx.account.id)
          .where('status', 'in', COUNTED_STATUSES.listing_requests.provider)
          .executeTakeFirstOrThrow();
  return Number(row.n);
};
