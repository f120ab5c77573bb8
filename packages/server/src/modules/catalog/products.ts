import { sql } from 'kysely';
import { productResource, type Product } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { defineTable, int, text } from '../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from './columns.ts';
import { newId } from '../../resources/ids.ts';
import { productRowVisible } from './visibility.ts';

/** A product's category must exist; stored as {id, name} like the reference. */
async function categoryRef(
  db: Db,
  category: { id: string } | null | undefined,
): Promise<Product['category'] | undefined> {
  if (category === undefined) return undefined;
  if (category === null) return null;
  const row = await db.selectFrom('categories').select(['id', 'name']).where('id', '=', category.id).executeTakeFirst();
  if (!row) throw ApiError.badRequest(`category: category ${category.id} does not exist.`);
  return row;
}

const emptyUi = (): Product['customer_ui_settings'] => ({
  description: '',
  getting_started: '',
  download_links: [],
  documents: [],
  languages: [],
  provisioning_message: '',
});

export const productTable = defineTable('products', {
  id: text('id'),
  account_id: text('owner.id'),
  status: text('status'),
  name: text('name'),
  version: int('version'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/**
 * Products: the vendor's own (read-write) and those a provider is linked to (read-only). Only vendors write
 * (writableBy) and only the owner (the machine's editable / deletable rules); only drafts are deleted.
 */
export const products: Served<Product> = {
  decl: productResource,
  table: productTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: productRowVisible,
  async create(ctx, input, _params, db) {
    const category = (await categoryRef(db, input.category)) ?? null;
    return {
      id: newId('PRD', 3, 3),
      name: input.name,
      external_id: input.external_id ?? null,
      icon: null,
      status: 'draft',
      short_description: input.short_description ?? '',
      detailed_description: input.detailed_description ?? '',
      end_of_sale_notes: null,
      replacement: null,
      category,
      owner: { id: ctx.account.id, name: ctx.account.name },
      version: 0,
      latest: true,
      published_at: null,
      configurations: { suspend_resume_supported: true, requires_reseller_information: false },
      customer_ui_settings: emptyUi(),
      visibility: { owner: true, listing: true, syndication: false, catalog: false },
      capabilities: {},
      events: {},
    };
  },
  async update(_ctx, current, input, _params, db) {
    const category = await categoryRef(db, input.category);
    return {
      ...current,
      ...input,
      category: category === undefined ? current.category : category,
      configurations: { ...current.configurations, ...input.configurations },
      customer_ui_settings: { ...current.customer_ui_settings, ...input.customer_ui_settings },
      visibility: { ...current.visibility, ...input.visibility },
    };
  },
  actions: {
    /** The replacement must be another product of the same vendor. */
    async endsale(ctx, current, body, _params, db) {
      let replacement: Product['replacement'] = null;
      if (body.replacement?.id) {
        if (body.replacement.id === current.id)
          throw ApiError.badRequest('replacement: a product cannot replace itself.');
        const { rows } = await sql<{
          id: string;
          name: string;
        }>`select id, name from products where id = ${body.replacement.id} and account_id = ${ctx.account.id}`.execute(
          db,
        );
        if (!rows.length) throw ApiError.badRequest(`replacement: product ${body.replacement.id} not found.`);
        replacement = rows[0];
      }
      return { ...current, replacement, end_of_sale_notes: body.end_of_sale_notes ?? null };
    },
    resumesale: async (_ctx, current) => ({ ...current, replacement: null, end_of_sale_notes: null }),
  },
};
