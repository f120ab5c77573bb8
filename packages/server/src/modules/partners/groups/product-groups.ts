import { sql } from 'kysely';
import { productGroupResource, type ProductGroup } from '@trellis/domain';
import { inList } from '../../../db/in-list.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import type { Db, Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { productVisible } from '../../catalog/public.ts';
import { statsOf } from './stats.ts';
import { productGroupTable } from './tables.ts';

/**
 * The products a body names, each checked: a vendor groups its own products, a provider those it can see (listed
 * in its marketplaces or connected to its hubs). A 400 names the first one that is not. `field` names it in the error.
 */
export async function groupableProducts(db: Db, ctx: Ctx, ids: readonly string[], field: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const { rows } = await sql<{ id: string }>`select t.id from products t
    where ${inList(sql`t.id`, unique)} and ${productVisible(ctx, sql`t.id`)}`.execute(db);
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) {
    const what = ctx.account.type === 'vendor' ? 'one of your products' : 'a product available to you';
    throw ApiError.badRequest(`${field}: product ${missing} is not ${what}.`);
  }
  return unique;
}

/** Put products in a group (those already in it stay as they are). */
export async function addGroupProducts(db: Db, groupId: string, ownerId: string, ids: readonly string[]) {
  if (!ids.length) return;
  const at = new Date().toISOString();
  await db
    .insertInto('product_group_products')
    .values(ids.map((id) => ({ group_id: groupId, product_id: id, account_id: ownerId, created_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

type Stored = ProductGroup & { products?: { id: string }[] };

/** The account's catalog groups; `products` in a create or update body sets the group's products. */
export const productGroups: Served<Stored> = {
  decl: productGroupResource,
  table: productGroupTable,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  // the products of a new group are written once the group's row exists (afterCreate), never stored in it
  transient: ['products'],
  async create(ctx, input, _params, db) {
    const products = await groupableProducts(
      db,
      ctx,
      (input.products ?? []).map((p: { id: string }) => p.id),
      'products',
    );
    return {
      id: newId('PG', 3, 3),
      name: input.name,
      description: input.description ?? null,
      owner: { id: ctx.account.id, name: ctx.account.name },
      stats: { products: products.length, agreements: 0, contracts: 0 },
      events: {},
      products: products.map((id) => ({ id })),
    };
  },
  async afterCreate(_ctx, obj, db) {
    const { products = [], ...group } = obj;
    await addGroupProducts(
      db,
      group.id,
      group.owner.id,
      products.map((p) => p.id),
    );
    return group;
  },
  async update(ctx, current, input, _params, db) {
    let stats = current.stats;
    if (input.products) {
      const ids = await groupableProducts(
        db,
        ctx,
        input.products.map((p: { id: string }) => p.id),
        'products',
      );
      await db
        .deleteFrom('product_group_products')
        .where('group_id', '=', current.id)
        .$if(ids.length > 0, (q) => q.where('product_id', 'not in', ids))
        .execute();
      await addGroupProducts(db, current.id, current.owner.id, ids);
      stats = (await statsOf(db, [current.id])).get(current.id) ?? stats;
    }
    return {
      ...current,
      name: input.name ?? current.name,
      description: input.description === undefined ? current.description : input.description,
      stats,
    };
  },
  /** Stats as they are now, should a change elsewhere (a product deleted) have left the kept ones behind. */
  async presentMany(groups, _ctx, _include, db) {
    const stats = await statsOf(
      db,
      groups.map((g) => g.id),
    );
    return groups.map((g) => ({ ...g, stats: stats.get(g.id) ?? g.stats }));
  },
};
