import { defineTable, text, timestamp } from '../../resources/table.ts';

// The leads area's tables (migrations/0027_leads.ts): each column names the object path it copies.

export const leadFormTable = defineTable('lead_forms', {
  id: text('id'),
  account_id: text('owner.id'),
  name: text('name'),
  status: text('status'),
  template: text('template'),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

/** The form each listing uses: at most one per listing (the primary key). */
export const listingFormTable = defineTable(
  'listing_forms',
  { listing_id: text(), form_id: text(), account_id: text(), created_at: timestamp() },
  { data: false },
);

export const leadRecordTable = defineTable('lead_records', {
  id: text('id'),
  vendor_id: text('vendor.id'),
  provider_id: text('distributor.id'),
  listing_id: text('listing.id'),
  form_id: text('form.id'),
  product_id: text('product.id'),
  marketplace_id: text('marketplace.id'),
  name: text('name'),
  status: text('status'),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});
