import { defineTable, text, timestamp } from '../../../resources/table.ts';

// Catalog groups' tables (migrations/0026_catalog_groups.ts): each column names the object path it copies.

export const productGroupTable = defineTable('product_groups', {
  id: text('id'),
  account_id: text('owner.id'),
  name: text('name'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});

/** The products in each group. */
export const productGroupProductTable = defineTable(
  'product_group_products',
  { group_id: text(), product_id: text(), account_id: text(), created_at: timestamp() },
  { data: false },
);

/** The groups each agreement covers (account_id: the agreement's owner, who owns the group too). */
export const agreementProductGroupTable = defineTable(
  'agreement_product_groups',
  { agreement_id: text(), group_id: text(), account_id: text(), created_at: timestamp() },
  { data: false },
);
