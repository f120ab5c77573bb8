import type { RequestParam } from '@trellis/domain/fulfillment/common';
import type { TierConfig, TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';
import { reseller } from '../../customers/testing.ts';

// Fixtures of the tier config screens: Demo Provider's T1 reseller Alpine IT Partners on Demo Vendor's Cloud Backup.

const at = '2026-01-02T10:00:00Z';
const vendor = { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' };
const provider = { id: PROVIDER.account.id, name: 'Demo Provider' };

export const tierRef = {
  id: reseller.id,
  name: reseller.name,
  external_id: reseller.external_id,
  external_uid: reseller.external_uid,
  tax_id: reseller.tax_id,
  contact_info: reseller.contact_info,
};

export const param = (patch: Partial<RequestParam> & { id: string }): RequestParam => ({
  name: patch.id,
  title: patch.id,
  description: '',
  type: 'text',
  phase: 'ordering',
  scope: 'tier1',
  value: null,
  value_error: '',
  constraints: { required: true },
  ...patch,
});

export const T1_PARAMS = [
  param({ id: 't1_reseller_code', title: 'Reseller code', value: 'ALP-1' }),
  param({ id: 't1_account', title: 'Vendor account', phase: 'fulfillment', value: null }),
];

export const configFixture = (patch: Partial<TierConfig> = {}): TierConfig => ({
  id: 'TC-111-222-333',
  name: 'Alpine IT Partners · Cloud Backup',
  account: tierRef,
  product: { id: 'PRD-111-222-333', name: 'Cloud Backup', icon: null, status: 'published' },
  tier_level: 1,
  connection: { id: 'CT-1111-2222', type: 'production', provider, vendor, hub: { id: 'HB-1111-2222', name: 'EU hub' } },
  marketplace: { id: 'MP-12345', name: 'Provider Europe' },
  contract: null,
  params: T1_PARAMS,
  configuration: { params: [] },
  template: null,
  open_request: null,
  status: 'active',
  created: at,
  updated: at,
  events: { created: { at, by: { id: 'UR-500-600-700', name: 'Pat Provider' } } },
  ...patch,
});

export const tcrFixture = (patch: Partial<TierConfigRequest> = {}): TierConfigRequest => ({
  id: 'TCR-111-222-333-001',
  type: 'setup',
  status: 'pending',
  configuration: configFixture({ status: 'processing' }),
  parent_configuration: null,
  previous_approved_request: null,
  asset_request: { id: 'PR-1111-2222-3333-001' },
  assignee: null,
  template: null,
  activation: { link: null },
  reason: '',
  notes: '',
  environment: 'production',
  effective_date: null,
  tiers: { tier1: tierRef, tier2: null },
  created: at,
  updated: at,
  events: { created: { at, by: { id: 'UR-500-600-700', name: 'Pat Provider' } } },
  ...patch,
});
