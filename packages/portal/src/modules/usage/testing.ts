import { vi } from 'vitest';
import type { UsageAggregate } from '@trellis/domain/usage/aggregate';
import type { UsageChunk } from '@trellis/domain/usage/chunk';
import type { Reconciliation } from '@trellis/domain/usage/reconciliation';
import type { UsageRecord } from '@trellis/domain/usage/record';
import { VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import type { UsageFile } from '@trellis/domain/usage/file';

// Fixtures of the usage screens: Demo Vendor reports November's storage of "Secure Mail Suite" to Demo Provider.

const at = '2026-12-02T10:00:00Z';
export const FILE_ID = 'UF-1111-2222-3333';
export const vendor = { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor', icon: null };
export const provider = { id: PROVIDER.account.id, name: 'Demo Provider', icon: null };
export const PRODUCT = { id: 'PRD-111-222-333', name: 'Secure Mail Suite', icon: null };
const ITEM = {
  id: 'PRD-111-222-333-0003',
  local_id: null,
  name: 'Extra storage',
  mpn: 'SMS-GB',
  unit: 'GB',
  precision: 'decimal(1)',
  type: 'ppu',
};

export const fileFixture = (patch: Partial<UsageFile> = {}): UsageFile => ({
  id: FILE_ID,
  name: 'Storage November 2026',
  description: '',
  note: '',
  external_id: '',
  status: 'draft',
  type: 'distribution',
  schema: 'qt',
  environment: 'production',
  currency: 'USD',
  period: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
  start_datetime_utc: '2026-11-01T00:00:00.000Z',
  end_datetime_utc: '2026-12-01T00:00:00.000Z',
  vendor,
  provider,
  product: PRODUCT,
  contract: { id: 'CT-1111-2222-3333', name: 'Europe distribution' },
  marketplace: { id: 'MP-12345', name: 'Provider Europe', icon: null },
  error_detail: '',
  acceptance_note: '',
  rejection_note: '',
  stats: { uploaded: 0, validated: 0, pending: 0, accepted: 0, closed: 0, billed: 0 },
  records: { valid: 0, invalid: 0, closed: 0 },
  progress: { done: 0, total: null },
  items: [],
  usage_file_uri: null,
  processed_file_uri: null,
  reconciliation_file_uri: null,
  size: null,
  file_name: null,
  created: at,
  updated: at,
  events: { created: { at, by: { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' } } },
  ...patch,
});

/** The file once its spreadsheet was taken: uploaded, with its name, size and link. */
export const uploaded = (patch: Partial<UsageFile> = {}) =>
  fileFixture({
    status: 'uploaded',
    file_name: 'usage.xlsx',
    size: 1536,
    usage_file_uri: `/public/v1/usage/files/${FILE_ID}/uploadedfile`,
    ...patch,
  });

export const recordFixture = (patch: Partial<UsageRecord> = {}): UsageRecord => ({
  id: 'UR-1111-2222-3333-0001',
  record_id: 'AS-1-2026-11-01',
  record_note: '',
  status: 'approved',
  row: 2,
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-11-07T23:59:59.000Z',
  product_id: PRODUCT.id,
  item_id: ITEM.id,
  asset_id: 'AS-1234-5678-9012',
  asset_external_id: null,
  asset_external_uid: null,
  item: ITEM,
  asset: { id: 'AS-1234-5678-9012', external_id: null, external_uid: null },
  usagefile: { id: FILE_ID, name: 'Storage November 2026', schema: 'qt', currency: 'USD' },
  hub: { id: 'HB-1111-2222' },
  category: null,
  tier: null,
  usage: 12.5,
  amount: null,
  multiplier: 1,
  external_billing_id: null,
  external_billing_note: null,
  closed_at: null,
  closed_by: null,
  created: at,
  ...patch,
});

export const chunkFixture = (patch: Partial<UsageChunk> = {}): UsageChunk => ({
  id: 'UFC-1111-2222-3333-0001',
  status: 'ready',
  outdated: false,
  external_id: '',
  usagefile: { id: FILE_ID, name: 'Storage November 2026', schema: 'qt', currency: 'USD' },
  binding: { hub: { id: 'HB-1111-2222', name: 'EU hub' }, external_id: '' },
  marketplace: { id: 'MP-12345', name: 'Provider Europe', icon: null },
  provider,
  vendor,
  stats: { uploaded: 8, validated: 8, pending: 0, accepted: 8, closed: 0, billed: 0 },
  records: 8,
  usage: 102.4,
  error: null,
  created: at,
  updated: at,
  events: {},
  ...patch,
});

export const reconciliationFixture = (patch: Partial<Reconciliation> = {}): Reconciliation => ({
  id: 'RC-1111-2222-3333',
  status: 'processed',
  usagefile: { id: FILE_ID, name: 'Storage November 2026', schema: 'qt', currency: 'USD' },
  partusagefile: null,
  vendor,
  provider,
  error: null,
  notes: { uploaded: '', processing: '' },
  results: { rows: 9, matched: 6, mismatched: 1, unknown: 2, missing: 1 },
  uploaded_file_uri: '/public/v1/usage/reconciliations/RC-1111-2222-3333/uploadedfile',
  processed_file_uri: '/public/v1/usage/reconciliations/RC-1111-2222-3333/processedfile',
  file_name: 'billing.xlsx',
  size: 2048,
  created: at,
  updated: at,
  events: {},
  ...patch,
});

export const aggregateFixture = (month: string, patch: Partial<UsageAggregate> = {}): UsageAggregate => ({
  id: `UA-${month}`,
  item: ITEM,
  asset: { id: 'AS-1234-5678-9012', external_id: null, external_uid: null },
  product: { id: PRODUCT.id },
  period: { from: `${month}-01T00:00:00.000Z`, to: `${month}-28T00:00:00.000Z` },
  consumed: 50,
  accepted: 40,
  amount: 0,
  currency: 'USD',
  records: 4,
  events: { last_reported: { at } },
  ...patch,
});

/**
 * XMLHttpRequest as the uploads use it, driven by the test: `sent` holds each request; `progress()` reports bytes
 * going out and `respond()` answers.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Uploads go to FakeXhr from here on (vi.unstubAllGlobals puts the real one back). */
export function fakeUploads() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
