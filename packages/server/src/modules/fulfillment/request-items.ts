import { validation, type AssetItem, type Item } from '@trellis/domain';
import { sql } from 'kysely';
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../resources/engine.ts';

// Items of a request: which of the product's items may be ordered and the quantities sent for them.

export interface ItemInput {
  id: string;
  quantity: string;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const bad = (message: string) => ApiError.badRequest(`asset.items: ${message}`);

/** The product's items by id. */
async function productItems(db: Db, productId: string): Promise<Map<string, Item>> {
  const { rows } = await sql<{ data: Item }>`select data from items where product_id = ${productId}`.execute(db);
  return new Map(rows.map((r) => [r.data.id, r.data]));
}

/** Reservation quantities are whole numbers (within the item's limit); pay-per-use quantities any number, as sent. */
function quantityOf(item: Item, raw: string): string {
  if (raw === '') throw bad(`quantity of ${item.id}: This field is required`);
  if (item.type === 'ppu') {
    if (!NUMBER.test(raw)) throw bad(`quantity of ${item.id} must be a number.`);
    return raw;
  }
  // the catalogue's quantity rule (spec §5 message); -1 ("unlimited") is an item setting, not an order
  const problem = validation.itemQuantity(raw) ?? (raw.trim() === '-1' ? validation.messages.ONLY_INTEGERS : null);
  if (problem) throw bad(`quantity of ${item.id}: ${problem}`);
  const q = String(Number(raw));
  if (item.quantity > 0 && Number(q) > item.quantity)
    throw bad(`quantity of ${item.id} must be at most ${item.quantity}.`);
  return q;
}

export function assetItemOf(item: Item, quantity: string): AssetItem {
  return {
    id: item.id,
    global_id: item.id,
    mpn: item.mpn,
    display_name: item.display_name || item.name,
    item_type: item.item_type,
    type: item.type,
    period: item.period ?? null,
    quantity,
  };
}

/**
 * The sent items as asset items. New items must be published (or draft, on a test connection before the product
 * is published); items the asset already holds may also be at end of sale.
 */
export async function resolveItems(
  db: Db,
  productId: string,
  input: readonly ItemInput[],
  opts: { allowDraft: boolean; held?: ReadonlySet<string> },
): Promise<AssetItem[]> {
  const catalog = await productItems(db, productId);
  const seen = new Set<string>();
  return input.map(({ id, quantity }) => {
    if (seen.has(id)) throw bad(`item ${id} is listed more than once.`);
    seen.add(id);
    const item = catalog.get(id);
    if (!item) throw bad(`item ${id} does not exist in product ${productId}.`);
    const allowed =
      item.status === 'published' ||
      (opts.allowDraft && item.status === 'draft') ||
      (item.status === 'endofsale' && opts.held?.has(id));
    if (!allowed)
      throw bad(
        `item ${id} is ${item.status === 'endofsale' ? 'at end of sale' : 'not published'} and cannot be ordered.`,
      );
    return assetItemOf(item, quantityOf(item, quantity));
  });
}

const ordered = (i: AssetItem) => Number(i.quantity) !== 0;

/** A purchase orders something: at least one item with a quantity other than 0 (-1 = unlimited pay-per-use). */
export function assertSomethingOrdered(items: readonly AssetItem[]) {
  if (!items.some(ordered)) throw bad('at least one item with a quantity above 0 is required.');
}

/**
 * The asset's items after a change: the sent quantities replace the current ones, new items are added, and every
 * item keeps `old_quantity`. Something must actually change.
 */
export function changedItems(
  current: readonly AssetItem[],
  sent: readonly AssetItem[],
  assetId: string,
  mustDiffer: boolean,
): AssetItem[] {
  const byId = new Map(sent.map((i) => [i.id, i]));
  const merged: AssetItem[] = current.map(({ old_quantity: _o, ...i }) => {
    const next = byId.get(i.id);
    return { ...i, quantity: next?.quantity ?? i.quantity, old_quantity: i.quantity };
  });
  for (const i of sent) if (!current.some((c) => c.id === i.id)) merged.push({ ...i, old_quantity: '0' });
  if (mustDiffer && merged.every((i) => i.quantity === i.old_quantity)) {
    throw bad(`the new quantities are the same as the current ones of asset ${assetId}.`);
  }
  return merged;
}

/** Items as the asset holds them once the request is approved. */
export const settledItems = (items: readonly AssetItem[]): AssetItem[] => items.map(({ old_quantity: _o, ...i }) => i);
