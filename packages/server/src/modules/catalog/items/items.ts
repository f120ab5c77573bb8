import { sql, type Transaction } from 'kysely';
import {
  ErrorCode,
  ITEM_TYPE_FIELDS,
  ITEM_TYPE_REFERENCE,
  UNLIMITED_QUANTITY,
  itemDefaults,
  itemResource,
  itemRuleErrors,
  itemTypeDefaults,
  type Item,
  type ItemCreate,
  type ItemType,
  type ItemUpdate,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { updateObject, type Served } from '../../../resources/engine.ts';
import { defineTable, int, text } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import type { VersionedKind } from '../versions.ts';
import { productForWrite, productIsVisible, productVisible } from '../visibility.ts';
import { assertFreeMpn, groupRef, itemRef, lockMpns, unitRef } from './lookups.ts';

type Trx = Transaction<DB>;
const MAX_ITEMS = 9999;

function checkRules(item: Item) {
  const errors = itemRuleErrors(item);
  if (errors.length) throw new ApiError(400, ErrorCode.validation, errors);
}

/** Parent reference and depth; refuses the item itself and its own descendants (a cycle). */
async function parentOf(db: Trx, productId: string, parentId: string, selfId?: string) {
  if (parentId === selfId) throw ApiError.badRequest('parent: An item cannot be its own parent.');
  const parent = await itemRef(db, productId, parentId, 'parent');
  for (let up = parent.parentId, guard = 0; up && guard < 100; guard++) {
    if (up === selfId) throw ApiError.badRequest(`parent: Item '${parentId}' is a descendant of this item.`);
    up = (await itemRef(db, productId, up, 'parent')).parentId;
  }
  return { parent: parent.ref, depth: parent.depth + 1 };
}

async function createItem(ctx: Ctx, input: ItemCreate, productId: string, db: Trx): Promise<Item> {
  const product = await productForWrite(db, ctx, productId);
  // the product row lock makes max(seq)+1 safe (a version build takes it too, before the item rows)
  await sql`select id from products where id = ${product.id} for update`.execute(db);
  const type = input.type as ItemType;
  const d = itemDefaults(type);
  const unit = await unitRef(db, ctx.account.id, input.unit?.id ?? d.unit.id);
  const group = input.group?.id ? await groupRef(db, product.id, input.group.id) : null;
  const parent = input.parent?.id ? await parentOf(db, product.id, input.parent.id) : { parent: null, depth: 0 };
  await lockMpns(db, 'items', product.id);
  await assertFreeMpn(db, 'items', product.id, input.mpn);
  const { rows } = await sql<{ seq: number | null; pos: number | null }>`
    select max(seq) as seq, max(position) as pos from items where product_id = ${product.id}`.execute(db);
  const seq = Number(rows[0].seq ?? 0) + 1;
  if (seq > MAX_ITEMS) throw ApiError.badRequest(`A product holds at most ${MAX_ITEMS} items.`);
  const localId = String(seq).padStart(4, '0');
  const item: Item = {
    id: `${product.id}-${localId}`,
    local_id: localId,
    name: input.name,
    display_name: input.display_name?.trim() || input.name,
    description: input.description ?? d.description,
    mpn: input.mpn,
    external_id: input.external_id ?? d.external_id,
    type,
    item_type: ITEM_TYPE_REFERENCE[type],
    dynamic: input.dynamic ?? d.dynamic,
    frozen: input.frozen ?? d.frozen,
    period: input.period ?? d.period,
    commitment: input.commitment ?? d.commitment,
    precision: input.precision ?? d.precision,
    unit,
    // pay-per-use is always unlimited: an omitted quantity takes -1, a conflicting one is refused by the rules
    quantity: input.quantity ?? d.quantity,
    status: 'draft',
    position: input.position ?? Number(rows[0].pos ?? 0) + 1,
    group,
    ...parent,
    applicability: input.applicability ?? d.applicability,
    ui: input.ui ?? d.ui,
    replacement: null,
    end_of_sale_notes: null,
    product: { id: product.id, name: product.data.name },
    events: {},
  };
  checkRules(item);
  return item;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function updateItem(ctx: Ctx, current: Item, input: ItemUpdate, db: Trx): Promise<Item> {
  const product = current.product;
  if (current.status !== 'draft') {
    // Only draft items change their type attributes (workflow "items"); a PUT repeating the same values is fine.
    const asked: Record<string, unknown> = {
      ...input,
      unit: input.unit && { id: input.unit.id },
      commitment: input.commitment,
    };
    const was: Record<string, unknown> = { ...current, unit: { id: current.unit.id } };
    const changed = ITEM_TYPE_FIELDS.filter((f) => asked[f] !== undefined && !sameValue(asked[f], was[f]));
    if (changed.length) {
      throw new ApiError(
        400,
        ErrorCode.validation,
        changed.map((f) => `${f}: Only a draft item's ${f} can be changed; this item is ${current.status}.`),
      );
    }
  }
  const type = (input.type ?? current.type) as ItemType;
  const switched = type !== current.type;
  const td = itemTypeDefaults(type);
  const next: Item = { ...current, type, item_type: ITEM_TYPE_REFERENCE[type] };
  if (input.name !== undefined) {
    // a display name that mirrored the name keeps mirroring it
    if (input.display_name === undefined && current.display_name === current.name) next.display_name = input.name;
    next.name = input.name;
  }
  if (input.display_name !== undefined) next.display_name = input.display_name.trim() || next.name;
  if (input.description !== undefined) next.description = input.description;
  if (input.external_id !== undefined) next.external_id = input.external_id;
  if (input.frozen !== undefined) next.frozen = input.frozen;
  if (input.applicability !== undefined) next.applicability = input.applicability;
  if (input.ui !== undefined) next.ui = input.ui;
  if (input.position !== undefined) next.position = input.position;
  // switching the type re-applies that type's defaults unless the request says otherwise (spec §5: pay-per-use → -1)
  next.precision = input.precision ?? (switched ? td.precision : current.precision);
  next.quantity = input.quantity ?? (switched && type === 'ppu' ? UNLIMITED_QUANTITY : current.quantity);
  next.commitment = input.commitment ?? (switched && type === 'ppu' ? { count: 1 } : current.commitment);
  next.period =
    input.period ?? (switched && type === 'ppu' && current.period === 'onetime' ? 'monthly' : current.period);
  next.dynamic = input.dynamic ?? (switched && type === 'reservation' ? false : current.dynamic);
  const unitId = input.unit?.id ?? (switched ? td.unit.id : undefined);
  if (unitId !== undefined && unitId !== current.unit.id) next.unit = await unitRef(db, ctx.account.id, unitId);
  if (input.group !== undefined && input.group?.id !== current.group?.id)
    next.group = input.group ? await groupRef(db, product.id, input.group.id) : null;
  if (input.parent !== undefined) {
    Object.assign(
      next,
      input.parent ? await parentOf(db, product.id, input.parent.id, current.id) : { parent: null, depth: 0 },
    );
  }
  checkRules(next);
  if (input.mpn !== undefined && input.mpn !== current.mpn) {
    await lockMpns(db, 'items', product.id); // last: see lockMpns
    await assertFreeMpn(db, 'items', product.id, input.mpn, current.id);
    next.mpn = input.mpn;
  }
  return next;
}

export const itemTable = defineTable('items', {
  id: text('id'),
  product_id: text('product.id'),
  /** The product's vendor, set when the item is made. */
  account_id: text(),
  seq: int((i: Item) => Number(i.local_id)),
  status: text('status'),
  name: text('name'),
  mpn: text('mpn'),
  type: text('type'),
  period: text('period'),
  group_id: text('group.id').nullable(),
  unit_id: text('unit.id'),
  position: int('position'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/**
 * Items of a product: the vendor's own (read-write) and those of products a provider is linked to (read-only).
 * Status actions are the domain's item machine; the handlers below are their effects on the item's fields.
 */
export const items: Served<Item> = {
  decl: itemResource,
  table: itemTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: (ctx, params) =>
    sql<boolean>`t.product_id = ${params.productId ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
  parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),
  // account_id (the product's vendor, who alone writes) is set once at insert
  create: async (ctx, input, params, db) => ({
    object: await createItem(ctx, input, params.productId, db),
    extra: { account_id: ctx.account.id },
  }),
  update: (ctx, current, input, _params, db) => updateItem(ctx, current, input, db),
  /** A parent stays until its children move (drafts only: the machine's deletable rule). */
  async remove(_ctx, current, _params, db) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from items where product_id = ${current.product.id} and data #>> '{parent,id}' = ${current.id}`.execute(
      db,
    );
    if (Number(rows[0].n) > 0)
      throw ApiError.badRequest(`Item ${current.id} is the parent of ${rows[0].n} item(s); move them first.`);
  },
  actions: {
    /** The replacement is another item of the same product. */
    async endsale(_ctx, current, body, _params, db) {
      let replacement: Item['replacement'] = null;
      if (body.replacement?.id) {
        if (body.replacement.id === current.id)
          throw ApiError.badRequest('replacement: An item cannot replace itself.');
        replacement = (await itemRef(db, current.product.id, body.replacement.id, 'replacement')).ref;
      }
      return { ...current, replacement, end_of_sale_notes: body.end_of_sale_notes ?? null };
    },
    resumesale: async (_ctx, current) => ({ ...current, replacement: null, end_of_sale_notes: null }),
    dynamic: async (_ctx, current) => ({ ...current, dynamic: true }),
    undynamic: async (_ctx, current) => ({ ...current, dynamic: false }),
  },
};

/** Versions freeze the items; draft items are published with the product's version. */
export const versionedItems: VersionedKind = {
  kind: 'items',
  rows: async (db, productId) => {
    const { rows } = await sql<{
      id: string;
      data: Item;
    }>`select id, data from items where product_id = ${productId} order by position, seq`.execute(db);
    return rows;
  },
  /** Draft items are published with the product's version (workflow "items": Item Publication). */
  async publish(db, productId) {
    const { rows } = await sql<{
      data: Item;
    }>`select data from items where product_id = ${productId} and status = 'draft' for update`.execute(db);
    const at = new Date().toISOString();
    for (const { data } of rows) {
      const by = { id: 'system', name: 'System' };
      await updateObject(
        items,
        { ...data, status: 'published', events: { ...data.events, published: { at, by }, updated: { at, by } } },
        db,
      );
    }
  },
};
