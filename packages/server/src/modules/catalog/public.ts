import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
// What other areas may use of the catalogue.

/** A product as other objects embed it (reference ProductRef). */
export function productRefOf(p: { id: string; status: string; data: { name: string; icon?: string | null } }) {
  return { id: p.id, name: p.data.name, icon: p.data.icon ?? null, status: p.status };
}

export { markdownToHtml, renderTemplate } from './content/render.ts';
export { setRequestContextLoader } from './content/templates.ts';
export { productForWrite, productIsVisible, productVisible } from './visibility.ts';

/** An item as a usage record names it (reference UsageRecord.item). */
export interface UsageItem {
  id: string;
  local_id: string | null;
  name: string;
  mpn: string | null;
  unit: string | null;
  precision: string;
  type: string;
}

/** The items of a product, as usage records name them (usage processing looks rows up among them). */
export async function usageItemsOf(db: Kysely<DB>, productId: string): Promise<UsageItem[]> {
  const rows = await db.selectFrom('items').select('data').where('product_id', '=', productId).orderBy('id').execute();
  return rows.map(({ data: i }) => ({
    id: i.id,
    local_id: i.local_id ?? null,
    name: i.name,
    mpn: i.mpn ?? null,
    unit: i.unit?.unit ?? i.unit?.name ?? null,
    precision: i.precision ?? 'integer',
    type: i.type,
  }));
}
