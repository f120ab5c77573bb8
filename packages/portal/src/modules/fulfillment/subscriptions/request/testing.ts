import type { ProductTemplate } from '@trellis/domain/catalog/content';
import type { RequestParam, TierRef } from '@trellis/domain/fulfillment/common';
import type { Request } from '@trellis/domain/fulfillment/request';
import type { TierConfig, TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';

// Fixtures of the request details tests: a purchase of Cloud Backup by Harbor Street Bakery through Alpine IT (T1)
// and Summit Distribution (T2), as the API returns it.

const at = '2026-01-02T10:00:00Z';
const by = { id: 'UR-500-600-700', name: 'Pat Provider' };
export const PRODUCT = { id: 'PRD-111-222-333', name: 'Cloud Backup', icon: null, status: 'published' };
export const REQUEST_ID = 'PR-1234-5678-9012-001';

const tier = (id: string, name: string, email: string): TierRef => ({
  id,
  name,
  external_id: null,
  external_uid: name.toLowerCase().replace(/\W+/g, '-'),
  tax_id: null,
  contact_info: {
    address_line1: '118 Harbor Street',
    address_line2: null,
    city: 'Boston',
    state: 'MA',
    postal_code: '02110',
    country: 'US',
    contact: {
      first_name: 'Michael',
      last_name: 'Reed',
      email,
      phone_number: { country_code: '+1', area_code: '617', phone_number: '4567890', extension: null },
    },
  },
});
export const CUSTOMER = tier('TA-1000-0000-0002', 'Harbor Street Bakery', 'mike@harborbakery.example');
export const T1 = tier('TA-1000-0000-0001', 'Alpine IT Partners', 'lukas@alpine.example');
export const T2 = tier('TA-1000-0000-0003', 'Summit Distribution', 'sam@summit.example');

export const param = (id: string, phase: string, extra: Partial<RequestParam> = {}): RequestParam => ({
  id,
  name: id,
  title: id.charAt(0).toUpperCase() + id.slice(1).replace(/_/g, ' '),
  description: '',
  type: 'text',
  phase,
  scope: 'asset',
  value: null,
  value_error: '',
  constraints: {},
  ...extra,
});

const connection = {
  id: 'CT-0000-0000-0001',
  type: 'production',
  provider: { id: 'PA-500-600', name: 'Demo Provider' },
  vendor: { id: 'VA-100-200', name: 'Demo Vendor' },
  hub: { id: 'HB-0000-0001', name: 'Main hub' },
};

export function requestFixture(over: Partial<Request> = {}, assetOver: Partial<Request['asset']> = {}): Request {
  return {
    id: REQUEST_ID,
    type: 'purchase',
    status: 'pending',
    asset: {
      id: 'AS-1234-5678-9012',
      status: 'processing',
      external_id: 'ORDER-77',
      external_uid: 'order-77',
      product: PRODUCT,
      connection,
      marketplace: { id: 'MP-12345', name: 'Provider Europe' },
      contract: null,
      items: [
        {
          id: `${PRODUCT.id}-0001`,
          global_id: `${PRODUCT.id}-0001`,
          mpn: 'BK-100',
          display_name: 'Backup 100 GB',
          item_type: 'Reservation',
          type: 'reservation',
          period: 'monthly',
          quantity: '5',
        },
      ],
      params: [
        param('company', 'ordering', { value: 'Harbor Street Bakery', constraints: { required: true } }),
        param('admin_email', 'ordering', {
          type: 'email',
          value: 'mike@harborbakery',
          constraints: { required: true },
        }),
        param('tenant_id', 'fulfillment'),
      ],
      tiers: { customer: CUSTOMER, tier1: T1, tier2: T2 },
      configuration: { params: [] },
      created: at,
      updated: at,
      events: { created: { at, by }, updated: { at, by } },
      ...assetOver,
    },
    marketplace: { id: 'MP-12345', name: 'Provider Europe' },
    contract: null,
    assignee: null,
    note: '',
    reason: '',
    activation_key: '',
    template: null,
    planned_date: null,
    effective_date: null,
    answered: false,
    previous_approved_request: null,
    created: at,
    updated: at,
    events: { created: { at, by }, updated: { at, by } },
    ...over,
  };
}

export const templateFixture = (id: string, name: string, type: ProductTemplate['type']): ProductTemplate => ({
  id,
  name,
  title: name,
  body: `# ${name}`,
  scope: 'asset',
  type,
  position: null,
  events: {},
});

export function tierConfigFixture(level: 1 | 2, over: Partial<TierConfig> = {}): TierConfig {
  const account = level === 1 ? T1 : T2;
  return {
    id: level === 1 ? 'TC-111-222-333' : 'TC-444-555-666',
    name: `${account.name} - ${PRODUCT.name}`,
    account,
    product: PRODUCT,
    tier_level: level,
    connection,
    marketplace: null,
    contract: null,
    params: [
      param(level === 1 ? 'reseller_code' : 'distributor_code', 'ordering', {
        scope: `tier${level}`,
        value: level === 1 ? 'ALP-1' : 'SUM-2',
      }),
    ],
    configuration: { params: [] },
    template: null,
    open_request: null,
    status: 'active',
    created: at,
    updated: at,
    events: {},
    ...over,
  };
}

export function tierConfigRequestFixture(level: 1 | 2, status: TierConfigRequest['status']): TierConfigRequest {
  const configuration = tierConfigFixture(level, { status: 'processing' });
  return {
    id: level === 1 ? 'TCR-111-222-333-001' : 'TCR-444-555-666-001',
    type: 'setup',
    status,
    configuration,
    parent_configuration: null,
    previous_approved_request: null,
    asset_request: { id: REQUEST_ID },
    assignee: null,
    template: null,
    activation: { link: null },
    reason: '',
    notes: '',
    environment: 'production',
    effective_date: null,
    tiers: { tier1: T1, tier2: level === 2 ? T2 : null },
    created: at,
    updated: at,
    events: {},
  };
}
