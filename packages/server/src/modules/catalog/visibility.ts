import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';
import { defineTable, text, timestamp } from '../../resources/table.ts';

/**
 * Which providers may read which products, and why (a listing in their marketplace, a connection to their hub):
 * written by the distribution area, read by every catalogue scope.
 */
export const productLinkTable = defineTable(
  'product_links',
  { product_id: text(), account_id: text(), kind: text(), ref_id: text(), created_at: timestamp().generated() },
  { data: false },
);

/**
 * Who sees a product: its vendor, and a provider it is listed for or connected to (product_links,
 * kept by the distribution area). `column` is the SQL expression holding the product id.
 */
export function productVisible(ctx: Ctx, column: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${column} in (select id from products where account_id = ${ctx.account.id})
    or ${column} in (select product_id from product_links where account_id = ${ctx.account.id}))`;
}

/**
 * productVisible on the products table itself (alias t): its own owner column instead of a subquery over the same
 * table, which hashed every product of a large vendor on each call (issue 11).
 */
export function productRowVisible(ctx: Ctx): RawBuilder<boolean> {
  return sql<boolean>`(t.account_id = ${ctx.account.id}
    or t.id in (select product_id from product_links where account_id = ${ctx.account.id}))`;
}

/** For `parentVisible` of resources nested under /products/:productId. */
export async function productIsVisible(db: Db, ctx: Ctx, productId: string | undefined): Promise<boolean> {
  if (!productId) return false;
  const { rows } =
    await sql`select 1 from products t where t.id = ${productId} and ${productVisible(ctx, sql`t.id`)}`.execute(db);
  return rows.length > 0;
}

export interface ProductAccess {
  id: string;
  owner: boolean;
  status: string;
  version: number;
  data: any;
}

/** The product in the path as this caller sees it; 404 when invisible. */
export async function productFor(db: Db, ctx: Ctx, productId: string | undefined): Promise<ProductAccess> {
  if (!productId) throw ApiError.notFound('Product');
  const { rows } = await sql<{ id: string; account_id: string; status: string; version: number; data: any }>`
    select id, account_id, status, version, data from products t where t.id = ${productId} and ${productVisible(ctx, sql`t.id`)}`.execute(
    db,
  );
  if (!rows.length) throw ApiError.notFound('Product');
  const p = rows[0];
  return { id: p.id, owner: p.account_id === ctx.account.id, status: p.status, version: p.version, data: p.data };
}

/** The product in the path, for a change: 404 when invisible, 403 when only readable (a provider). */
export async function productForWrite(db: Db, ctx: Ctx, productId: string | undefined): Promise<ProductAccess> {
  const p = await productFor(db, ctx, productId);
  if (!p.owner) throw ApiError.forbidden('Only the vendor that owns this product can change it.');
  return p;
}
