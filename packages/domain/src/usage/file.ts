import { z } from 'zod';
import { defineMachine, defineResource, filterOf, roteFilters, NUMBER_OPS, TEXT_OPS } from '../resource/index.ts';
import type { ActionDecl, Refusal, Viewer } from '../resource/machine.ts';
import { transitionMessage } from '../resource/machine.ts';
import { Events } from '../identity/common.ts';
import { maxLength, REQUIRED } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';
import { USAGE_FILE_STATUSES, USAGE_FILE_TYPES, USAGE_SCHEMAS, USAGE_UPLOADABLE } from './file-statuses.ts';
export * from './file-statuses.ts';

// Usage files (reference /usage/files, workflow usage-files; spec §3, §4): a vendor's report of what the
// subscriptions of one product consumed in a period, under one contract with the provider that bills it.

/** Largest usage or reconciliation spreadsheet accepted (bytes, base 2). */
export const USAGE_FILE_MAX_BYTES = 40 * 1024 * 1024;

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
const Ref = z.object({ id: z.string(), name: z.string() });
/** Record counts by stage (reference usage stats). */
export const UsageStats = z.object({
  uploaded: z.number().int(),
  validated: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  closed: z.number().int(),
  billed: z.number().int(),
});

/** Usage of one item over the whole file: what the vendor reports and the provider accepts. */
export const UsageFileItemTotal = z.object({
  id: z.string(),
  name: z.string(),
  mpn: z.string().nullable(),
  unit: z.string().nullable(),
  records: z.number().int(),
  usage: z.number(),
});

/** One bad row of an uploaded spreadsheet: its row number, its record id and what is wrong with it. */
export const UsageFileRowError = z.object({
  row: z.number().int(),
  record_id: z.string(),
  messages: z.array(z.string()),
});
export type UsageFileRowError = z.infer<typeof UsageFileRowError>;
/** How many bad rows an invalid file keeps for the portal's table; the processed file lists them all. */
export const USAGE_FILE_ERRORS_KEPT = 1000;

export const UsageFile = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  note: z.string(),
  /** The vendor's own reference ('' when none: the reference requires the field). */
  external_id: z.string(),
  status: z.enum(USAGE_FILE_STATUSES),
  type: z.enum(USAGE_FILE_TYPES),
  schema: z.enum(USAGE_SCHEMAS),
  environment: z.enum(['test', 'preview', 'production']),
  currency: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  start_datetime_utc: z.string(),
  end_datetime_utc: z.string(),
  vendor: AccountRef,
  provider: AccountRef,
  product: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() }),
  contract: Ref,
  marketplace: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() }),
  error_detail: z.string(),
  acceptance_note: z.string(),
  rejection_note: z.string(),
  stats: UsageStats,
  records: z.object({ valid: z.number().int(), invalid: z.number().int(), closed: z.number().int() }),
  /** While records are parsed: rows done, and the sheet's row count when the spreadsheet states it. */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  items: z.array(UsageFileItemTotal),
  /** An invalid file's bad rows (the first USAGE_FILE_ERRORS_KEPT), in row order. */
  errors: z.array(UsageFileRowError).optional(),
  /** Links (same origin) to the spreadsheet as uploaded and to the processed copy with a row-by-row result. */
  usage_file_uri: z.string().nullable(),
  processed_file_uri: z.string().nullable(),
  reconciliation_file_uri: z.string().nullable(),
  /** The uploaded spreadsheet's size (bytes) and name. */
  size: z.number().int().nullable(),
  file_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type UsageFile = z.infer<typeof UsageFile>;

const onlyVendor = (f: UsageFile, v: Viewer): Refusal | null =>
  f.vendor.id === v.accountId ? null : { kind: 'side', message: `Only ${f.vendor.name} (the vendor) can do this.` };
const onlyProvider = (f: UsageFile, v: Viewer): Refusal | null =>
  f.provider.id === v.accountId
    ? null
    : { kind: 'side', message: `Only ${f.provider.name} (the provider) can do this.` };

export const UsageAcceptBody = z.object({
  acceptance_note: z
    .string()
    .trim()
    .max(500, maxLength(500))
    .optional()
    .meta({ title: 'Note', description: 'Optional; the vendor reads it.', multiline: true }),
});
export const UsageRejectBody = z.object({
  rejection_note: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(500, maxLength(500))
    .meta({ title: 'Reason', description: 'The vendor reads it to fix the file.', multiline: true }),
});

const actions: Record<string, ActionDecl<UsageFile>> = {
  submit: {
    label: 'Submit',
    from: ['ready'],
    to: 'pending',
    by: ['vendor'],
    rule: onlyVendor,
    form: false,
    event: 'submitted',
    confirm: {
      title: 'Submit usage file',
      text: (f) => `Submit ${f.id} with ${f.stats.validated} records to ${f.provider.name} for acceptance?`,
    },
    // the provider's usage rules may have decided at once (domain usage/rule.ts)
    done: (f) =>
      f.status === 'accepted'
        ? `Submitted: ${f.acceptance_note}`
        : f.status === 'rejected'
          ? `Submitted: ${f.rejection_note}`
          : `Submitted: ${f.provider.name} reviews the usage.`,
  },
  accept: {
    label: 'Accept',
    from: ['pending'],
    to: 'accepted',
    by: ['provider'],
    rule: onlyProvider,
    body: UsageAcceptBody,
    event: 'accepted',
    intro: (f) => `The ${f.stats.pending} records are accepted for billing and split into chunks per hub.`,
    done: (f) => `Accepted: ${f.id} is ready for billing.`,
  },
  'approve-all': {
    label: 'Approve all records',
    from: ['pending'],
    to: 'accepted',
    by: ['provider'],
    rule: onlyProvider,
    form: false,
    event: 'accepted',
    hidden: true,
    done: (f) => `Accepted: ${f.id} is ready for billing.`,
  },
  reject: {
    label: 'Reject',
    from: ['pending'],
    to: 'rejected',
    by: ['provider'],
    rule: onlyProvider,
    body: UsageRejectBody,
    event: 'rejected',
    intro: (f) => `${f.vendor.name} reads the reason, fixes the file and submits it again.`,
    done: (f) => `Rejected: ${f.vendor.name} is asked to fix ${f.id}.`,
  },
  close: {
    label: 'Close',
    from: ['accepted'],
    to: 'closed',
    by: ['provider'],
    rule: onlyProvider,
    form: false,
    event: 'closed',
    confirm: {
      title: 'Close usage file',
      text: (f) => `Close ${f.id}? Billing is done: its records are closed and the file can no longer change.`,
    },
    done: (f) => `Closed: ${f.id} is billed.`,
  },
  reprocess: {
    label: 'Reprocess',
    from: ['invalid', 'ready', 'rejected'],
    to: 'uploaded',
    by: ['vendor'],
    rule: onlyVendor,
    form: false,
    guard: (f) => (f.usage_file_uri ? null : 'Upload a spreadsheet first.'),
    done: (f) => `Reprocessing ${f.id}.`,
  },
  delete: {
    label: 'Delete',
    from: ['draft', 'invalid', 'ready', 'rejected'],
    to: 'deleted',
    by: ['vendor'],
    rule: onlyVendor,
    form: false,
    event: 'deleted',
    confirm: {
      title: 'Delete usage file',
      text: (f) => `Delete ${f.id} and its records?`,
      destructive: true,
    },
    done: (f) => `Deleted ${f.id}.`,
  },
};

export const usageFileMachine = defineMachine<UsageFile>({
  statuses: {
    draft: { tone: 'default' },
    uploading: { tone: 'info' },
    uploaded: { tone: 'info' },
    processing: { tone: 'info' },
    ready: { tone: 'info' },
    invalid: { tone: 'error' },
    pending: { tone: 'warning' },
    accepted: { tone: 'success' },
    rejected: { tone: 'error' },
    closed: { tone: 'default' },
    deleted: { tone: 'default' },
  },
  actions,
  // name, description, note and external id change while the vendor still works on the file
  editable: (f, v) =>
    onlyVendor(f, v) ??
    (USAGE_UPLOADABLE.includes(f.status) ? null : { kind: 'status', message: transitionMessage('update', f.status) }),
});

const isoDate = z
  .string({ error: REQUIRED })
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Enter a valid date and time.');

const UsageFilePeriod = z.object({ from: isoDate, to: isoDate }, { error: REQUIRED });

/** Reference POST /usage/files: the product, the contract it is billed under and the period. */
export const UsageFileCreate = z
  .object({
    name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(80, maxLength(80)).meta({ title: 'Name' }),
    description: z.string().trim().max(500, maxLength(500)).optional().meta({ title: 'Description', multiline: true }),
    note: z.string().trim().max(500, maxLength(500)).optional(),
    external_id: z.string().trim().max(64, maxLength(64)).optional(),
    product: z.object({ id: z.string({ error: REQUIRED }) }, { error: REQUIRED }).meta({ title: 'Product' }),
    contract: z.object({ id: z.string({ error: REQUIRED }) }, { error: REQUIRED }).meta({ title: 'Contract' }),
    marketplace: z.object({ id: z.string() }).optional().meta({ title: 'Marketplace' }),
    currency: z.string().trim().length(3, 'Enter a three-letter currency code.').optional(),
    period: UsageFilePeriod.meta({ title: 'Period' }),
  })
  .refine((b) => Date.parse(b.period.from) < Date.parse(b.period.to), {
    path: ['period', 'to'],
    message: 'The period must end after it starts.',
    // checked as soon as both ends are dates, with the other fields' messages (a form shows them together)
    when: (p) => UsageFilePeriod.safeParse((p.value as { period?: unknown } | undefined)?.period).success,
  });

export const UsageFileUpdate = z.object({
  name: z.string().trim().min(1, REQUIRED).max(80, maxLength(80)).optional(),
  description: z.string().trim().max(500, maxLength(500)).optional(),
  note: z.string().trim().max(500, maxLength(500)).optional(),
  external_id: z.string().trim().max(64, maxLength(64)).nullable().optional(),
});

const FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'multiline', hideEmpty: true },
  note: { label: 'Note', kind: 'multiline', hideEmpty: true },
  external_id: { label: 'External ID', kind: 'text', hideEmpty: true },
  status: { label: 'Status', kind: 'status' },
  type: {
    label: 'Type',
    kind: 'enum',
    labels: {
      distribution: 'Distribution',
      program: 'Program',
      service: 'Service',
      syndication: 'Syndication',
      referral: 'Referral',
    },
  },
  currency: { label: 'Currency', kind: 'text' },
  'period.from': { label: 'Period from', kind: 'date' },
  'period.to': { label: 'Period to', kind: 'date' },
  vendor: { label: 'Vendor', kind: 'ref', route: 'partners.details' },
  provider: { label: 'Provider', kind: 'ref', route: 'partners.details' },
  party: { label: 'Partner', kind: 'party', party: { vendor: 'vendor', provider: 'provider' } },
  product: { label: 'Product', kind: 'ref', route: 'product' },
  contract: { label: 'Contract', kind: 'ref', route: 'partners.contracts.details' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
  'stats.validated': { label: 'Records', kind: 'number' },
  size: { label: 'Size', kind: 'bytes', hideEmpty: true },
  file_name: { label: 'Spreadsheet', kind: 'text', hideEmpty: true },
  error_detail: { label: 'Error', kind: 'text', hideEmpty: true },
  acceptance_note: { label: 'Acceptance note', kind: 'multiline', hideEmpty: true },
  rejection_note: { label: 'Rejection reason', kind: 'multiline', hideEmpty: true },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

export const usageFileResource = defineResource({
  name: 'usage-file',
  title: 'Usage file',
  path: '/usage/files',
  module: 'MD-0005',
  schema: UsageFile,
  create: UsageFileCreate,
  update: UsageFileUpdate,
  filters: {
    ...roteFilters(UsageFile),
    schema: filterOf(UsageFile, 'schema'),
    environment: filterOf(UsageFile, 'environment'),
    'period.from': filterOf(UsageFile, 'period.from'),
    'period.to': filterOf(UsageFile, 'period.to'),
    'created.at': { type: 'datetime', ops: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'range', 'null'], alias: true },
    // reference aliases of the references' ids
    product_id: { type: 'string', ops: TEXT_OPS, alias: true },
    vendor_id: { type: 'string', ops: TEXT_OPS, alias: true },
    provider_id: { type: 'string', ops: TEXT_OPS, alias: true },
    marketplace_id: { type: 'string', ops: TEXT_OPS, alias: true },
    distribution_contract_id: { type: 'string', ops: TEXT_OPS, alias: true },
    'stats.validated': { type: 'number', ops: NUMBER_OPS },
  },
  ordering: [
    'id',
    'name',
    'status',
    'created',
    'updated',
    'period.from',
    'product.name',
    'vendor.name',
    'provider.name',
  ],
  defaultOrdering: '-created',
  search: ['id', 'name', 'product.name', 'external_id'],
  visibleTo: ['vendor', 'provider'],
  // both sides act on a file (the machine's `by` and rules say who does what); only the vendor creates one (server)
  machine: usageFileMachine,
  fields: FIELDS,
  list: {
    // the period says when; a ninth column (updated) no longer fits beside the menu at 1366 px
    columns: ['id', 'name', 'product', 'party', 'period.from', 'period.to', 'stats.validated', 'status'],
    phone: ['name', 'status'],
    filters: ['status', 'type'],
  },
  detail: {
    fields: [
      'id',
      'name',
      'type',
      'status',
      'period.from',
      'period.to',
      'currency',
      'stats.validated',
      'file_name',
      'size',
      'error_detail',
      'rejection_note',
      'acceptance_note',
      'description',
      'note',
      'external_id',
      'product',
      'contract',
      'marketplace',
      'vendor',
      'provider',
    ],
  },
});
