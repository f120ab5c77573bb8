import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';

// Who may see what in distribution. Partnerships are stored once per side: partners.account_id is the viewer.

/** Account ids the caller is an active partner of. */
export const activePartnerIds = (ctx: Ctx) =>
  sql`(select id from partners where account_id = ${ctx.account.id} and status = 'active')`;

/** The caller and `other` are active partners. */
export async function arePartners(db: Db, ctx: Ctx, other: string): Promise<boolean> {
  const row = await db
    .selectFrom('partners')
    .select('id')
    .where('account_id', '=', ctx.account.id)
    .where('id', '=', other)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return !!row;
}

/** {id, name} of an account, for references stored in objects. */
export async function accountRef(db: Db, id: string): Promise<{ id: string; name: string }> {
  const row = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw ApiError.notFound('Account');
  return row;
}

/**
 * Marketplaces: the owner; a vendor sees its active partners' and those it has listings in; a provider also sees
 * other providers' marketplaces where a product it distributes (product_links) is listed.
 */
export function marketplaceVisible(
  ctx: Ctx,
  column: RawBuilder<unknown>,
  ownerColumn: RawBuilder<unknown>,
): RawBuilder<boolean> {
  const me = ctx.account.id;
  if (ctx.account.type === 'vendor') {
    return sql<boolean>`(${ownerColumn} in ${activePartnerIds(ctx)}
      or ${column} in (select marketplace_id from listings where account_id = ${me}))`;
  }
  return sql<boolean>`(${ownerColumn} = ${me}
    or ${column} in (select marketplace_id from listings where status = 'listed'
      and product_id in (select product_id from product_links where account_id = ${me})))`;
}

/** Hubs: the owner; a vendor sees its active partners' hubs and those its products are connected to. */
export function hubVisible(
  ctx: Ctx,
  column: RawBuilder<unknown>,
  ownerColumn: RawBuilder<unknown>,
): RawBuilder<boolean> {
  const me = ctx.account.id;
  if (ctx.account.type === 'vendor') {
    return sql<boolean>`(${ownerColumn} in ${activePartnerIds(ctx)}
      or ${column} in (select hub_id from connections where account_id = ${me}))`;
  }
  return sql<boolean>`${ownerColumn} = ${me}`;
}

/** Objects with a vendor (account_id) and a provider side: each side sees its own. */
export const partyTo = (ctx: Ctx) =>
  sql<boolean>`(t.account_id = ${ctx.account.id} or t.provider_id = ${ctx.account.id})`;

/** Keep a product_links row in step with a listing or connection that lets a provider read the product. */
export async function linkProduct(
  db: Db,
  productId: string,
  providerId: string,
  kind: 'listing' | 'connection',
  refId: string,
) {
  await sql`insert into product_links (product_id, account_id, kind, ref_id) values (${productId}, ${providerId}, ${kind}, ${refId})
    on conflict do nothing`.execute(db);
}
export async function unlinkProduct(db: Db, kind: 'listing' | 'connection', refId: string) {
  await db.deleteFrom('product_links').where('kind', '=', kind).where('ref_id', '=', refId).execute();
}

/** The product as distribution objects reference it. */
export function productRef(p: {
  id: string;
  name: string;
  icon: string | null;
  short_description?: string;
  version: number;
}) {
  return {
    id: p.id,
    name: p.name,
    icon: p.icon ?? null,
    short_description: p.short_description ?? '',
    version: p.version,
  };
}
