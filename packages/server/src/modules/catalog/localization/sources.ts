import { attributeKey } from '@trellis/domain';
import { sql } from 'kysely';
import type { Db } from '../../../resources/engine.ts';

/** One translatable text of a product: the attribute key, where it comes from and its current text. */
export interface Source {
  key: string;
  model: string;
  objectId: string;
  text: string;
}

const PRODUCT_FIELDS = [
  'name',
  'short_description',
  'detailed_description',
  'end_of_sale_notes',
  'customer_ui_settings.description',
  'customer_ui_settings.getting_started',
  'customer_ui_settings.provisioning_message',
];

/** Tables of other catalogue areas whose texts are translated; read only if the table exists. */
const NESTED: { table: string; model: string; fields: string[] }[] = [
  { table: 'item_groups', model: 'item_group', fields: ['name', 'description'] },
  { table: 'items', model: 'item', fields: ['name', 'display_name', 'description'] },
  { table: 'product_parameters', model: 'parameter', fields: ['title', 'description', 'hint', 'placeholder'] },
];

const pick = (obj: any, path: string): unknown => path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

const tableExists = new Map<string, boolean>();
async function exists(db: Db, table: string): Promise<boolean> {
  if (!tableExists.has(table)) {
    const { rows } = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db);
    tableExists.set(table, !!rows[0]?.t);
  }
  return tableExists.get(table)!;
}

/**
 * The translatable texts of a product, in a stable order: its own fields, then item groups, items and
 * parameters (with the labels of their choices). Empty texts have nothing to translate and are left out.
 */
export async function productSources(db: Db, productId: string): Promise<Source[]> {
  const product = await db.selectFrom('products').select('data').where('id', '=', productId).executeTakeFirst();
  if (!product) return [];
  const out: Source[] = [];
  const add = (model: string, objectId: string, field: string, v: unknown) => {
    const text = textOf(v);
    if (text !== null) out.push({ key: attributeKey(model, objectId, field), model, objectId, text });
  };
  for (const f of PRODUCT_FIELDS) add('product', productId, f, pick(product.data, f));
  for (const n of NESTED) {
    if (!(await exists(db, n.table))) continue;
    const { rows } = await sql<{ id: string; data: any }>`select id, data from ${sql.table(n.table)}
      where product_id = ${productId} and coalesce(data->>'status', '') <> 'deleted' order by id`.execute(db);
    for (const r of rows) {
      for (const f of n.fields) add(n.model, r.id, f, pick(r.data, f));
      if (n.model === 'parameter') {
        const choices = pick(r.data, 'constraints.choices');
        if (Array.isArray(choices))
          for (const c of choices) if (c?.value != null) add(n.model, r.id, `choices.${c.value}.label`, c.label);
      }
    }
  }
  return out;
}

/** Sources memoised per request (many translations of one product are presented together). */
const perRequest = new WeakMap<object, Map<string, Promise<Source[]>>>();
export function sourcesFor(scope: object, db: Db, productId: string): Promise<Source[]> {
  let m = perRequest.get(scope);
  if (!m) perRequest.set(scope, (m = new Map()));
  let p = m.get(productId);
  if (!p) m.set(productId, (p = productSources(db, productId)));
  return p;
}
