import { z } from 'zod';
import { defineMachine, defineResource, filterOf, NUMBER_OPS, TEXT_OPS, DATE_OPS } from '../resource/index.ts';
import type { Fields } from '../resource/fields.ts';
import { maxLength } from '../validation/messages.ts';

// Usage records (reference /usage/records, workflow usage-records): one row of a usage file, checked and stored
// by the processing. Statuses use the reference's wire values: a record is `valid` from processing until the
// provider approves (file accepted) or rejects it, and `closed` once billed.

export const USAGE_RECORD_STATUSES = ['valid', 'invalid', 'approved', 'rejected', 'closed'] as const;

/** An item as usage refers to it (reference usage.ReferenceItem). */
export const UsageItemRef = z.object({
  id: z.string(),
  local_id: z.string().nullable(),
  name: z.string(),
  mpn: z.string().nullable(),
  unit: z.string().nullable(),
  precision: z.string(),
  type: z.string(),
});
/** A subscription as usage refers to it (reference usage.ReferenceAsset). */
export const UsageAssetRef = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  external_uid: z.string().nullable(),
});

export const UsageRecord = z.object({
  id: z.string(),
  /** The vendor's own id of the row (unique in the file). */
  record_id: z.string(),
  record_note: z.string(),
  status: z.enum(USAGE_RECORD_STATUSES),
  /** The spreadsheet row it came from. */
  row: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  product_id: z.string(),
  item_id: z.string(),
  asset_id: z.string(),
  asset_external_id: z.string().nullable(),
  asset_external_uid: z.string().nullable(),
  item: UsageItemRef,
  asset: UsageAssetRef,
  usagefile: z.object({ id: z.string(), name: z.string(), schema: z.string(), currency: z.string() }),
  hub: z.object({ id: z.string() }).nullable(),
  category: z.string().nullable(),
  tier: z.number().int().nullable(),
  /** The quantity consumed, with the item's precision. */
  usage: z.number(),
  amount: z.number().nullable(),
  multiplier: z.number().int(),
  external_billing_id: z.string().nullable(),
  external_billing_note: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  created: z.string(),
});
export type UsageRecord = z.infer<typeof UsageRecord>;

export const UsageRecordClose = z.object({
  external_billing_id: z
    .string()
    .trim()
    .max(100, maxLength(100))
    .optional()
    .meta({ title: 'Billing ID', description: 'The invoice or billing line in your billing system.' }),
  external_billing_note: z.string().trim().max(500, maxLength(500)).optional().meta({ title: 'Billing note' }),
});
/** Reference POST /usage/records/close-records: many records at once, each with its billing reference. */
export const UsageRecordsClose = z
  .array(UsageRecordClose.extend({ id: z.string() }))
  .min(1, 'Name at least one record.')
  .max(1000, 'At most 1000 records per call.');

export const usageRecordMachine = defineMachine<UsageRecord>({
  statuses: {
    valid: { tone: 'info' },
    invalid: { tone: 'error' },
    approved: { tone: 'success' },
    rejected: { tone: 'error' },
    closed: { tone: 'default' },
  },
  actions: {
    close: {
      label: 'Close',
      from: ['approved'],
      to: 'closed',
      by: ['provider'],
      body: UsageRecordClose,
      done: (r) => `Record ${r.record_id} is closed.`,
    },
  },
});

const FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  record_id: { label: 'Record', kind: 'text' },
  row: { label: 'Row', kind: 'number' },
  status: { label: 'Status', kind: 'status' },
  asset: { label: 'Subscription', kind: 'ref', route: 'subscriptions.directory.details' },
  item: { label: 'Item', kind: 'text' },
  'item.name': { label: 'Item', kind: 'text' },
  'item.unit': { label: 'Unit', kind: 'text' },
  usage: { label: 'Usage', kind: 'number' },
  amount: { label: 'Amount', kind: 'number', hideEmpty: true },
  start_date: { label: 'From', kind: 'date' },
  end_date: { label: 'To', kind: 'date' },
  record_note: { label: 'Note', kind: 'text', hideEmpty: true },
  usagefile: { label: 'Usage file', kind: 'ref', route: 'usages.details' },
  external_billing_id: { label: 'Billing ID', kind: 'text', hideEmpty: true },
  closed_at: { label: 'Closed', kind: 'date', hideEmpty: true },
};

export const usageRecordResource = defineResource({
  name: 'usage-record',
  title: 'Usage record',
  path: '/usage/records',
  module: 'MD-0005',
  schema: UsageRecord,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: filterOf(UsageRecord, 'status'),
    record_id: { type: 'string', ops: TEXT_OPS },
    'asset.id': { type: 'string', ops: TEXT_OPS },
    'asset.external_id': { type: 'string', ops: TEXT_OPS },
    'asset.external_uid': { type: 'string', ops: TEXT_OPS },
    'item.id': { type: 'string', ops: TEXT_OPS },
    'usagefile.id': { type: 'string', ops: TEXT_OPS },
    'usagefile.schema': { type: 'string', ops: TEXT_OPS },
    'hub.id': { type: 'string', ops: TEXT_OPS },
    product_id: { type: 'string', ops: TEXT_OPS, alias: true },
    'product.id': { type: 'string', ops: TEXT_OPS, alias: true },
    asset_id: { type: 'string', ops: TEXT_OPS, alias: true },
    asset_external_id: { type: 'string', ops: TEXT_OPS, alias: true },
    asset_external_uid: { type: 'string', ops: TEXT_OPS, alias: true },
    item_id: { type: 'string', ops: TEXT_OPS, alias: true },
    usage_file: { type: 'string', ops: TEXT_OPS, alias: true },
    part_usage_file__hub__id: { type: 'string', ops: TEXT_OPS, alias: true },
    start_date: { type: 'datetime', ops: DATE_OPS },
    end_date: { type: 'datetime', ops: DATE_OPS },
    usage_start_time: { type: 'datetime', ops: DATE_OPS, alias: true },
    created_time: { type: 'datetime', ops: DATE_OPS, alias: true },
    usage: { type: 'number', ops: NUMBER_OPS },
    row: { type: 'number', ops: NUMBER_OPS },
  },
  ordering: ['row', 'start_date'],
  defaultOrdering: 'row',
  search: ['record_id'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  machine: usageRecordMachine,
  fields: FIELDS,
  list: {
    columns: ['row', 'record_id', 'asset', 'item.name', 'usage', 'item.unit', 'start_date', 'end_date', 'status'],
    phone: ['record_id', 'usage', 'status'],
    filters: ['status'],
  },
  detail: {
    fields: [
      'id',
      'record_id',
      'row',
      'status',
      'item.name',
      'usage',
      'item.unit',
      'amount',
      'start_date',
      'end_date',
      'record_note',
      'external_billing_id',
      'closed_at',
      'asset',
      'usagefile',
    ],
  },
});
