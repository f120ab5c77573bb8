import type { TierAccount } from '@trellis/domain/customers/tier-account';
import type { TierAccountRequest } from '@trellis/domain/customers/tier-account-request';

// Fixtures of the customers screens: Demo Provider's T1 reseller and a customer that moved once.

const at = '2026-01-02T10:00:00Z';
const by = { id: 'UR-500-600-700', name: 'Pat Provider' };

export const reseller: TierAccount = {
  id: 'TA-1000-0000-0001',
  version: 1,
  name: 'Alpine IT Partners',
  type: 'reseller',
  status: 'active',
  scopes: ['tier1'],
  db: 'EU',
  external_id: 'ALPINE-IT',
  external_uid: 'alpine-it',
  tax_id: 'CHE-123.456.789',
  parent: null,
  owner: { id: 'PA-500-600', name: 'Demo Provider' },
  hub: null,
  environment: 'production',
  contact_info: {
    address_line1: 'Bahnhofstrasse 12',
    address_line2: null,
    city: 'Zürich',
    state: 'Zürich',
    postal_code: '8001',
    country: 'CH',
    contact: {
      first_name: 'Lukas',
      last_name: 'Meier',
      email: 'lukas@alpine.example',
      phone_number: { country_code: '+41', area_code: '44', phone_number: '2345678', extension: null },
    },
  },
  events: { created: { at, by }, updated: { at, by } },
};

export const bakeryV1: TierAccount = {
  ...reseller,
  id: 'TA-1000-0000-0002',
  name: 'Harbor Street Bakery',
  type: 'customer',
  scopes: ['customer'],
  db: 'US',
  external_id: 'HARBOR-BAKERY',
  external_uid: 'harbor-bakery',
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
      email: 'mike@harborbakery.example',
      phone_number: { country_code: '+1', area_code: '617', phone_number: '4567890', extension: null },
    },
  },
};

export const bakery: TierAccount = {
  ...bakeryV1,
  version: 2,
  contact_info: { ...bakeryV1.contact_info, address_line1: '250 Atlantic Avenue' },
  events: { created: { at, by }, updated: { at: '2026-01-03T09:30:00Z', by } },
};

/** Demo Vendor is told that the bakery moved (version 2) on its Cloud Backup subscription. */
export const tarFixture = (patch: Partial<TierAccountRequest> = {}): TierAccountRequest => ({
  id: 'TAR-1000-2000-3000-001',
  type: 'update',
  status: 'pending',
  account: bakery,
  vendor: { id: 'VA-100-200', name: 'Demo Vendor' },
  provider: { id: 'PA-500-600', name: 'Demo Provider' },
  product: { id: 'PRD-111-222-333', name: 'Cloud Backup', icon: null, status: 'published' },
  reason: '',
  created: '2026-01-03T09:30:00Z',
  updated: '2026-01-03T09:30:00Z',
  events: {},
  ...patch,
});
