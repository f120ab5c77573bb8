import type { Asset } from '@trellis/domain/fulfillment/asset';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import type { Request } from '@trellis/domain/fulfillment/request';
import { VENDOR_CONTEXT } from '../../../../test-utils.tsx';
import { PROVIDER } from '../../../catalog/common/testing.tsx';

// Test fixtures of the subscription screens: Demo Vendor's "Cloud Mail Pro" sold by Demo Provider to Fabrikam GmbH.

const at = '2026-01-02T10:00:00Z';
const contact_info = {
  address_line1: 'Friedrichstraße 68',
  city: 'Berlin',
  state: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  contact: {
    first_name: 'Nina',
    last_name: 'Wolf',
    email: 'it@fabrikam.example',
    phone_number: { country_code: '+49', area_code: '30', phone_number: '1234567' },
  },
};
const tierRef = (id: string, name: string) => ({
  id,
  name,
  external_id: null,
  external_uid: `ext-${id}`,
  tax_id: null,
  contact_info,
});

export const PRODUCT = { id: 'PRD-111-222-333', name: 'Cloud Mail Pro', icon: null, status: 'published' };
export const CUSTOMER = tierRef('TA-0001-0001-0003', 'Fabrikam GmbH');
export const T1 = tierRef('TA-0001-0001-0001', 'Northwind Resellers');

export const param = (patch: Partial<RequestParam> & { id: string }): RequestParam => ({
  name: patch.id,
  title: patch.id,
  description: '',
  type: 'text',
  phase: 'ordering',
  scope: 'asset',
  value: null,
  value_error: '',
  constraints: {},
  ...patch,
});

export const assetFixture = (patch: Partial<Asset> = {}): Asset => ({
  id: 'AS-1234-5678-9012',
  status: 'active',
  external_id: '1001',
  external_uid: 'order-1',
  product: PRODUCT,
  connection: {
    id: 'CT-123-456',
    type: 'production',
    provider: { id: PROVIDER.account.id, name: 'Demo Provider' },
    vendor: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
    hub: { id: 'HB-1111-2222', name: 'EU hub' },
  },
  marketplace: { id: 'MP-12345', name: 'Provider Europe', icon: null },
  contract: null,
  items: [
    {
      id: 'PRD-111-222-333-0001',
      global_id: 'PRD-111-222-333-0001',
      mpn: 'MAIL-SEAT',
      display_name: 'Mailbox seat',
      item_type: 'Reservation',
      type: 'reservation',
      period: 'monthly',
      quantity: '5',
    },
    {
      id: 'PRD-111-222-333-0002',
      global_id: 'PRD-111-222-333-0002',
      mpn: 'MAIL-ARCH',
      display_name: 'Archive add-on',
      item_type: 'Reservation',
      type: 'reservation',
      period: 'monthly',
      quantity: '0',
    },
    {
      id: 'PRD-111-222-333-0003',
      global_id: 'PRD-111-222-333-0003',
      mpn: 'MAIL-GB',
      display_name: 'Storage GB',
      item_type: 'PPU',
      type: 'ppu',
      period: null,
      quantity: '0',
    },
  ],
  params: [
    param({
      id: 'admin_email',
      title: 'Administrator e-mail',
      type: 'email',
      value: 'admin@fabrikam.example',
      constraints: { required: true },
    }),
    param({ id: 'activation_code', title: 'Activation code', phase: 'fulfillment', value: 'XYZ-1' }),
  ],
  tiers: { customer: CUSTOMER, tier1: T1, tier2: null },
  configuration: { params: [] },
  created: at,
  updated: at,
  events: {},
  ...patch,
});

export const requestFixture = (patch: Partial<Request> = {}): Request => ({
  id: 'PR-1234-5678-9012-001',
  type: 'purchase',
  status: 'pending',
  asset: assetFixture({ status: 'processing' }),
  marketplace: { id: 'MP-12345', name: 'Provider Europe', icon: null },
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
  events: {},
  ...patch,
});
