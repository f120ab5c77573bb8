import { inList } from '../../../db/in-list.ts';
import { sql } from 'kysely';
import { itemGroupResource, type ItemGroup } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import type { Db, Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { defineTable, text } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import type { VersionedKind } from '../versions.ts';
import { productForWrite, productIsVisible, productVisible } from '../visibility.ts';
import { assertFreeMpn, lockMpns } from './lookups.ts';

/** Items per group, for a page of groups in one query. */
async function itemCounts(db: Db, groupIds: string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ group_id: string; n: string }>`select group_id, count(*) as n from items
    where ${inList(sql`group_id`, groupIds)} group by group_id`.execute(db);
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

export const itemGroupTable = defineTable('item_groups', {
  id: text('id'),
  product_id: text('product.id'),
  /** The product's vendor, set when the group is made. */
  account_id: text(),
  name: text('name').nullable(),
  mpn: text('mpn'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/** Item groups of a product, with the number of items in each (stats.items, counted when read). */
export const itemGroups: Served<ItemGroup> = {
  decl: itemGroupResource,
  table: itemGroupTable,
  columns: { created_at: 'created_at' },
  scope: (ctx, params) =>
    sql<boolean>`t.product_id = ${params.productId ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
  parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),
  async presentMany(gs, _ctx, _include, db) {
    const counts = await itemCounts(
      db,
      gs.map((g) => g.id),
    );
    return gs.map((g) => ({ ...g, stats: { items: counts.get(g.id) ?? 0 } }));
  },
  async create(ctx, input, params, db) {
    const product = await productForWrite(db, ctx, params.productId);
    await lockMpns(db, 'item_groups', product.id);
    await assertFreeMpn(db, 'item_groups', product.id, input.mpn);
    const group: ItemGroup = {
      id: newId('IGR', 3, 4),
      name: input.name,
      mpn: input.mpn,
      description: input.description ?? '',
      product: { id: product.id, name: product.data.name },
      stats: { items: 0 },
      events: {},
    };
    return { object: group, extra: { account_id: ctx.account.id } };
  },
  async update(_ctx, current, input, _params, db) {
    if (input.mpn !== undefined && input.mpn !== current.mpn) {
      await lockMpns(db, 'item_groups', current.product.id);
      await assertFreeMpn(db, 'item_groups', current.product.id, input.mpn, current.id);
    }
    const next = { ...current, ...input };
    // items embed {id, name, mpn} of their group: keep them in step so filters on group.name stay true
    const ref = JSON.stringify({ id: next.id, name: next.name, mpn: next.mpn });
    await sql`update items set data = jsonb_set(data, '{group}', ${ref}::jsonb) where group_id = ${current.id}`.execute(
      db,
    );
    return next;
  },
  /** A group still holding items stays (counted now: the stored stats are those of its creation). */
  async remove(_ctx, current, _params, db) {
    const n = (await itemCounts(db, [current.id])).get(current.id) ?? 0;
    if (n > 0) throw ApiError.badRequest(`Item group ${current.id} contains ${n} item(s); move or delete them first.`);
  },
};

/** Versions freeze the groups with the item count of the moment they were built. */
export const versionedGroups: VersionedKind = {
  kind: 'item-groups',
  // the frozen copy carries the item count of the moment it was built
  rows: async (db, productId) => {
    const { rows } = await sql<{ id: string; data: ItemGroup; n: string }>`select g.id, g.data,
      (select count(*) from items i where i.group_id = g.id) as n
      from item_groups g where g.product_id = ${productId} order by g.name, g.id`.execute(db);
    return rows.map((r) => ({ id: r.id, data: { ...r.data, stats: { items: Number(r.n) } } }));
  },
};
