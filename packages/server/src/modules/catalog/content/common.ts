import { sql, type Transaction } from 'kysely';
import type { ResourceDecl } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import type { Params, Served } from '../../../resources/engine.ts';
import { defineTable, text, type Columns, type Table } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import { productForWrite, productIsVisible, productVisible, type ProductAccess } from '../visibility.ts';

type Obj = { id: string; events: Record<string, { at: string } | undefined> } & Record<string, any>;

/** The table of a product-owned resource: id, the product and its vendor, `extra` columns, the timestamps. */
export function productOwnedTable<C extends Columns>(name: string, extra: C) {
  return defineTable(name, {
    id: text('id'),
    /** The product and its vendor, set when the object is made (the object does not carry them). */
    product_id: text(),
    account_id: text(),
    ...extra,
    created_at: createdAtColumn(),
    updated_at: updatedAtColumn(),
  });
}

/**
 * A resource nested under /products/:productId whose rows carry product_id and account_id: the vendor writes
 * (the declaration's writableBy), linked providers read, everyone else gets 404.
 */
export function productContent<T extends Obj>(opts: {
  decl: ResourceDecl;
  table: Table;
  create(ctx: Ctx, input: any, product: ProductAccess, db: Transaction<DB>): Promise<T>;
  update?(ctx: Ctx, current: T, input: any, product: ProductAccess, db: Transaction<DB>): Promise<T>;
}): Served<T> {
  return {
    decl: opts.decl,
    table: opts.table,
    columns: { 'events.updated.at': 'updated_at' },
    scope: (ctx, params) =>
      sql<boolean>`t.product_id = ${params.productId ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
    parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),
    async create(ctx, input, params, db) {
      const product = await lockedProduct(db, ctx, params);
      const object = await opts.create(ctx, input, product, db);
      return { object, extra: { product_id: product.id, account_id: product.data.owner.id } };
    },
    async update(ctx, current, input, params, db) {
      const product = await lockedProduct(db, ctx, params);
      return opts.update ? opts.update(ctx, current, input, product, db) : { ...current, ...input };
    },
  };
}

/** The product for a change, row-locked so concurrent writes number positions and check uniqueness one at a time. */
async function lockedProduct(db: Transaction<DB>, ctx: Ctx, params: Params) {
  const product = await productForWrite(db, ctx, params.productId);
  await sql`select id from products where id = ${product.id} for update`.execute(db);
  return product;
}

/** Live rows of one product for a version build, in display order. */
export function liveRows(table: keyof DB & string, order: string) {
  return async (db: Transaction<DB>, productId: string) => {
    const { rows } = await sql<{ id: string; data: any }>`select id, data from ${sql.table(table)}
      where product_id = ${productId} order by ${sql.raw(order)}`.execute(db);
    return rows;
  };
}

/** The next position after the product's last one. */
export async function nextPosition(db: Transaction<DB>, table: keyof DB & string, productId: string): Promise<number> {
  const { rows } = await sql<{
    n: number | null;
  }>`select max(position) as n from ${sql.table(table)} where product_id = ${productId}`.execute(db);
  return Number(rows[0].n ?? 0) + 1;
}
