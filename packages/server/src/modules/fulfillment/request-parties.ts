import type { AssetTiers, Connection, TierAccount } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';
import { tierRefOf } from './refs.ts';

// Who a purchase is between: the caller's connection to the product, the marketplace it sells in, and the
// customer with its resellers (tier accounts of the caller).

const bad = (message: string) => ApiError.badRequest(message);

export interface ProductRow {
  id: string;
  account_id: string;
  status: string;
  data: { name: string; icon?: string | null };
}

/** The product and the caller's active connection to it. */
export async function purchaseChannel(
  db: Db,
  ctx: Ctx,
  productId: string | undefined,
  connectionId: string | undefined,
) {
  if (!productId) throw bad('asset.product.id: This field is required');
  if (!connectionId) throw bad('asset.connection.id: This field is required');
  const conn = await db
    .selectFrom('connections')
    .select(['product_id', 'status', 'data'])
    .where('id', '=', connectionId)
    .where('provider_id', '=', ctx.account.id)
    .executeTakeFirst();
  if (!conn) throw bad(`asset.connection.id: connection ${connectionId} does not exist.`);
  if (conn.product_id !== productId)
    throw bad(`asset.connection.id: connection ${connectionId} is not a connection of product ${productId}.`);
  if (conn.status !== 'active') throw bad(`asset.connection.id: connection ${connectionId} is ${conn.status}.`);
  const product = await db
    .selectFrom('products')
    .select(['id', 'account_id', 'status', 'data'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return { product: product as ProductRow, connection: conn.data as Connection };
}

/**
 * The marketplace of a purchase: production connections sell only where the product is listed in one of the
 * caller's marketplaces; test and preview connections need none, and may name the caller's own or a listed one.
 */
export async function purchaseMarketplace(
  db: Db,
  ctx: Ctx,
  productId: string,
  connectionType: string,
  marketplaceId: string | undefined,
) {
  if (!marketplaceId) {
    if (connectionType === 'production') throw bad('marketplace.id: This field is required');
    return null;
  }
  const mp = await db
    .selectFrom('marketplaces')
    .select(['id', 'account_id', 'data'])
    .where('id', '=', marketplaceId)
    .executeTakeFirst();
  const listed =
    mp &&
    (await db
      .selectFrom('listings')
      .select('id')
      .where('product_id', '=', productId)
      .where('marketplace_id', '=', mp.id)
      .where('provider_id', '=', ctx.account.id)
      .where('status', '=', 'listed')
      .executeTakeFirst());
  if (!mp || (!listed && mp.account_id !== ctx.account.id))
    throw bad(`marketplace.id: marketplace ${marketplaceId} does not exist.`);
  if (!listed && connectionType === 'production')
    throw bad(`marketplace.id: product ${productId} is not listed in marketplace ${mp.id}.`);
  return { id: mp.id, name: mp.data.name as string, icon: (mp.data.icon ?? null) as string | null };
}

type TierInput = { id?: string; external_uid?: string } | null | undefined;

async function tierAccount(
  db: Db,
  ctx: Ctx,
  field: string,
  by: { id?: string; external_uid?: string },
): Promise<TierAccount> {
  const q = db
    .selectFrom('tier_accounts')
    .select('data')
    .where('account_id', '=', ctx.account.id)
    .where('status', '=', 'active');
  const row = by.id
    ? await q.where('id', '=', by.id).executeTakeFirst()
    : await q.where('external_uid', '=', by.external_uid!).executeTakeFirst();
  if (!row) throw bad(`${field}: tier account ${by.id ?? by.external_uid} does not exist.`);
  return row.data as TierAccount;
}

const given = (t: TierInput): t is { id?: string; external_uid?: string } => !!t && !!(t.id || t.external_uid);

/**
 * The customer and its resellers: T1 and T2 follow from the customer's parents (customer → T2 → T1, or
 * customer → T1). Resellers named in the body must be that chain.
 */
export async function resolveTiers(
  db: Db,
  ctx: Ctx,
  input: { customer?: TierInput; tier1?: TierInput; tier2?: TierInput } | undefined,
): Promise<AssetTiers> {
  const c = input?.customer;
  if (!c) throw bad('asset.tiers.customer: This field is required');
  if (!given(c)) throw bad('asset.tiers.customer: id or external_uid is required.');
  const customer = await tierAccount(db, ctx, 'asset.tiers.customer', c);
  if (customer.type !== 'customer')
    throw bad(`asset.tiers.customer: tier account ${customer.id} is a reseller, not a customer.`);
  const parent = customer.parent
    ? await tierAccount(db, ctx, 'asset.tiers.customer', { id: customer.parent.id })
    : null;
  let tier1: TierAccount | null = parent;
  let tier2: TierAccount | null = null;
  if (parent?.scopes[0] === 'tier2') {
    tier2 = parent;
    tier1 = parent.parent ? await tierAccount(db, ctx, 'asset.tiers.tier1', { id: parent.parent.id }) : null;
  }
  for (const [level, expected] of [
    ['tier1', tier1],
    ['tier2', tier2],
  ] as const) {
    const sent = input?.[level];
    if (!given(sent)) continue;
    const named = await tierAccount(db, ctx, `asset.tiers.${level}`, sent);
    if (!expected)
      throw bad(`asset.tiers.${level}: customer ${customer.id} has no ${level === 'tier1' ? 'T1' : 'T2'}.`);
    if (named.id !== expected.id)
      throw bad(
        `asset.tiers.${level}: ${named.id} is not the ${level === 'tier1' ? 'T1' : 'T2'} of customer ${customer.id} (${expected.id} is).`,
      );
  }
  return {
    customer: tierRefOf(customer),
    tier1: tier1 ? tierRefOf(tier1) : null,
    tier2: tier2 ? tierRefOf(tier2) : null,
  };
}
