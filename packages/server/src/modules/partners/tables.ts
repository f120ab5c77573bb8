import { bool, defineTable, int, text, timestamp } from '../../resources/table.ts';

// The partners area's tables (migrations/0024_partners.ts): each column names the object path it copies.

export const agreementTable = defineTable('agreements', {
  id: text('id'),
  account_id: text('owner.id'),
  type: text('type'),
  title: text('title'),
  active: bool('active'),
  parent_id: text('parent.id').nullable(),
  marketplace_id: text('marketplace.id').nullable(),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

export const agreementVersionTable = defineTable('agreement_versions', {
  agreement_id: text('agreement.id'),
  version: int('version'),
  account_id: text('agreement.owner.id'),
  status: text('status'),
  created_at: timestamp('version_created'),
  updated_at: timestamp((v) => v.events?.updated?.at ?? v.version_created),
});

/** The marketplaces an agreement covers (reference /agreements/{id}/marketplaces): the marketplace as linked. */
export const agreementMarketplaceTable = defineTable('agreement_marketplaces', {
  agreement_id: text('agreement.id'),
  marketplace_id: text('id'),
  account_id: text(),
  created_at: timestamp(),
});

export const contractTable = defineTable('contracts', {
  id: text('id'),
  account_id: text('issuer.id'),
  owner_id: text('owner.id'),
  agreement_id: text('agreement.id'),
  type: text('type'),
  status: text('status'),
  version: int('version'),
  marketplace_id: text('marketplace.id').nullable(),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

export const contractVersionTable = defineTable('contract_versions', {
  contract_id: text('contract.id'),
  version: int((v) => Number(v.version)),
  account_id: text('contract.issuer.id'),
  owner_id: text('contract.owner.id'),
  created_at: timestamp('version_created'),
});

export const contractDataTable = defineTable('contract_data', {
  id: text('id'),
  contract_id: text('contract.id'),
  account_id: text(),
  owner_id: text(),
  type: text('type'),
  product_id: text('product.id').nullable(),
  item_id: text('item.id').nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((d) => d.events?.updated?.at ?? d.events?.created?.at),
});
