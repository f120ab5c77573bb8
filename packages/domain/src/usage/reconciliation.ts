import { z } from 'zod';
import { defineMachine, defineResource, filterOf, TEXT_OPS } from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';

// Reconciliations (reference /usage/reconciliations): the provider's own account of an accepted usage file,
// uploaded as a spreadsheet (record_id, usage) and matched record by record. Closing a processed reconciliation
// closes the records it matched (they are billed).

export const RECONCILIATION_STATUSES = ['uploaded', 'processing', 'processed', 'failed', 'closed'] as const;
export const RECONCILIATION_COLUMNS = ['record_id', 'usage', 'external_billing_id', 'external_billing_note'] as const;

export const Reconciliation = z.object({
  id: z.string(),
  status: z.enum(RECONCILIATION_STATUSES),
  usagefile: z.object({ id: z.string(), name: z.string(), schema: z.string(), currency: z.string() }),
  partusagefile: z.object({ id: z.string(), provider: z.object({ id: z.string(), name: z.string() }) }).nullable(),
  vendor: z.object({ id: z.string(), name: z.string() }),
  provider: z.object({ id: z.string(), name: z.string() }),
  error: z.object({ detail: z.string() }).nullable(),
  notes: z.object({ uploaded: z.string(), processing: z.string() }),
  /** How the uploaded rows matched the file's records. */
  results: z.object({
    rows: z.number().int(),
    matched: z.number().int(),
    mismatched: z.number().int(),
    unknown: z.number().int(),
    /** Records of the file the spreadsheet does not mention. */
    missing: z.number().int(),
  }),
  uploaded_file_uri: z.string(),
  processed_file_uri: z.string().nullable(),
  file_name: z.string().nullable(),
  size: z.number().int(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const reconciliationMachine = defineMachine<Reconciliation>({
  statuses: {
    uploaded: { tone: 'info' },
    processing: { tone: 'info' },
    processed: { tone: 'success' },
    failed: { tone: 'error' },
    closed: { tone: 'default' },
  },
  actions: {
    close: {
      label: 'Close matched records',
      from: ['processed'],
      to: 'closed',
      by: ['provider'],
      form: false,
      event: 'closed',
      confirm: {
        title: 'Close reconciliation',
        text: (r) => `Close the ${r.results.matched} matched records as billed?`,
      },
      done: (r) => `Closed ${r.results.matched} records.`,
    },
  },
});

const FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  status: { label: 'Status', kind: 'status' },
  'results.rows': { label: 'Rows', kind: 'number' },
  'results.matched': { label: 'Matched', kind: 'number' },
  'results.mismatched': { label: 'Mismatched', kind: 'number' },
  'results.unknown': { label: 'Unknown', kind: 'number' },
  'results.missing': { label: 'Missing', kind: 'number' },
  file_name: { label: 'Spreadsheet', kind: 'text', hideEmpty: true },
  size: { label: 'Size', kind: 'bytes' },
  'notes.uploaded': { label: 'Note', kind: 'text', hideEmpty: true },
  'error.detail': { label: 'Error', kind: 'text', hideEmpty: true },
  usagefile: { label: 'Usage file', kind: 'ref', route: 'usages.details' },
  created: { label: 'Uploaded', kind: 'date' },
};

export const reconciliationResource = defineResource({
  name: 'usage-reconciliation',
  title: 'Reconciliation',
  path: '/usage/reconciliations',
  module: 'MD-0005',
  schema: Reconciliation,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: filterOf(Reconciliation, 'status'),
    'usagefile.id': { type: 'string', ops: TEXT_OPS },
    'partusagefile.id': { type: 'string', ops: TEXT_OPS },
    'partusagefile.provider.id': { type: 'string', ops: TEXT_OPS },
    'binding.hub.id': { type: 'string', ops: TEXT_OPS, alias: true },
  },
  ordering: ['id', 'created', 'status'],
  defaultOrdering: '-created',
  search: ['id'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  machine: reconciliationMachine,
  fields: FIELDS,
  list: {
    columns: ['id', 'file_name', 'results.matched', 'results.mismatched', 'results.unknown', 'status', 'created'],
    phone: ['id', 'status'],
  },
  detail: {
    fields: [
      'id',
      'status',
      'file_name',
      'size',
      'results.rows',
      'results.matched',
      'results.mismatched',
      'results.unknown',
      'results.missing',
      'notes.uploaded',
      'error.detail',
      'usagefile',
    ],
  },
});
