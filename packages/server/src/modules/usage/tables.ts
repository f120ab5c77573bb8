import { defineTable, int, jsonb, numeric, text, timestamp } from '../../resources/table.ts';

// The usage area's tables (migrations/0028_usage.ts): each column names the object path it copies; the spreadsheet
// keys are written by the upload and the processing themselves.

export const usageFileTable = defineTable('usage_files', {
  id: text('id'),
  vendor_id: text('vendor.id'),
  provider_id: text('provider.id'),
  product_id: text('product.id'),
  contract_id: text('contract.id'),
  marketplace_id: text('marketplace.id'),
  name: text('name'),
  type: text('type'),
  status: text('status'),
  upload_key: text().nullable(),
  processed_key: text().nullable(),
  /** The file's items as its records name them, by id (records.ts composes a record's item from it). */
  record_items: jsonb().nullable(),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

/** Records are written in bulk by the processing (records.ts); every filter of the list is a column. */
export const usageRecordTable = defineTable('usage_records', {
  id: text('id'),
  usage_file_id: text('usagefile.id'),
  vendor_id: text(),
  provider_id: text(),
  product_id: text('product_id'),
  asset_id: text('asset.id'),
  asset_external_id: text('asset.external_id').nullable(),
  asset_external_uid: text('asset.external_uid').nullable(),
  item_id: text('item.id'),
  hub_id: text('hub.id').nullable(),
  schema: text('usagefile.schema'),
  status: text('status'),
  record_id: text('record_id'),
  row: int('row'),
  start_at: timestamp('start_date'),
  end_at: timestamp('end_date'),
  usage: numeric('usage'),
  created_at: timestamp('created'),
});

export const usageChunkTable = defineTable('usage_chunks', {
  id: text('id'),
  usage_file_id: text('usagefile.id'),
  vendor_id: text('vendor.id'),
  provider_id: text('provider.id'),
  hub_id: text('binding.hub.id').nullable(),
  status: text('status'),
  records: int('records'),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

export const reconciliationTable = defineTable('usage_reconciliations', {
  id: text('id'),
  usage_file_id: text('usagefile.id'),
  vendor_id: text('vendor.id'),
  provider_id: text('provider.id'),
  status: text('status'),
  upload_key: text(),
  processed_key: text().nullable(),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

/** Kept sums (written with the records' status changes, aggregates.ts): one row per subscription, item and month. */
export const usageAggregateTable = defineTable('usage_aggregates', {
  id: text('id'),
  vendor_id: text(),
  provider_id: text(),
  product_id: text('product.id'),
  asset_id: text('asset.id'),
  item_id: text('item.id'),
  period_from: timestamp('period.from'),
});

/**
 * The rows of a reconciliation spreadsheet (migrations/0029), written by the reconciliation job: what the provider
 * reported, and the result of matching it to the file's records (`matched`, `mismatched`, `unknown`, `repeated`).
 */
export const reconciliationRowTable = defineTable(
  'usage_reconciliation_rows',
  {
    reconciliation_id: text(),
    row: int(),
    provider_id: text(),
    record_id: text(),
    reported: text(),
    usage: numeric().nullable(),
    external_billing_id: text().nullable(),
    external_billing_note: text().nullable(),
    result: text().nullable(),
    usage_record_id: text().nullable(),
    file_usage: numeric().nullable(),
  },
  { data: false },
);

/** A provider's usage rules for the items of a product (rules.ts). */
export const usageRuleTable = defineTable('usage_rules', {
  id: text('id'),
  product_id: text(),
  provider_id: text(),
  item_id: text('item.id'),
  action: text('action'),
  scope: text('scope'),
  status: text('status'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp(
    (o: { events: Record<string, { at: string } | undefined> }) => o.events.updated?.at ?? o.events.created?.at,
  ),
});
