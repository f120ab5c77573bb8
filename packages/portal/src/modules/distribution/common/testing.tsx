import type { Connection } from '@trellis/domain/distribution/connection';
import type { Hub } from '@trellis/domain/distribution/hub';
import type { Listing, ListingRequest } from '@trellis/domain/distribution/listing';
import type { Marketplace } from '@trellis/domain/distribution/marketplace';
import type { Partner } from '@trellis/domain/distribution/partner';
import { VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';

// Fixtures of the distribution screens: Demo Vendor (VENDOR_CONTEXT) and Demo Provider (PROVIDER) as partners.

const at = '2026-01-02T10:00:00Z';
const vendor = { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' };
const provider = { id: PROVIDER.account.id, name: 'Demo Provider' };
const product = { id: 'PRD-111-222-333', name: 'Cloud Backup', icon: null, short_description: 'Backups', version: 2 };

export const marketplaceFixture = (patch: Partial<Marketplace> = {}): Marketplace => ({
  id: 'MP-12345',
  name: 'Provider Europe',
  description: 'DACH and France',
  owner: provider,
  icon: null,
  zone: 'EU',
  hubs: [{ hub: { id: 'HB-1111-2222', name: 'EU hub' }, external_id: 'EU-1' }],
  active_contracts: 0,
  countries: [
    { id: 'DE', name: 'Germany' },
    { id: 'FR', name: 'France' },
  ],
  currency: 'EUR',
  alt_currency_1: null,
  alt_currency_2: null,
  stats: { listings: 0, hubs: 1 },
  events: { created: { at, by: { id: 'UR-1', name: 'Pat Provider' } } },
  ...patch,
});

export const requestFixture = (patch: Partial<ListingRequest> = {}): ListingRequest => ({
  id: 'LSTR-123-456',
  type: 'new',
  status: 'draft',
  state: 'draft',
  product,
  marketplace: { id: 'MP-12345', name: 'Provider Europe', icon: null },
  listing: null,
  vendor,
  provider,
  creator: { id: 'UR-100-200-300', name: 'Vera Vendor' },
  assignee: null,
  note: '',
  created: at,
  updated: at,
  events: {},
  ...patch,
});

export const listingFixture = (patch: Partial<Listing> = {}): Listing => ({
  id: 'LST-123-456',
  status: 'listed',
  marketplace: { id: 'MP-12345', name: 'Provider Europe', icon: null },
  product,
  vendor,
  provider,
  pending_request: null,
  created: at,
  updated: at,
  events: {},
  ...patch,
});

/** Demo Provider as the vendor sees it (`invitedBy` = who sent the invitation). */
export const partnerFixture = (patch: Partial<Partner> = {}): Partner => ({
  id: provider.id,
  name: provider.name,
  status: 'invited',
  icon: null,
  type: 'provider',
  role: 'provider',
  description: '',
  overview: '',
  headquarters: '',
  countries: [],
  languages: {},
  websites: {},
  stats: { listings: 0, contracts: { distribution: 0, program: 0, service: 0, syndication: 0 } },
  public: {},
  invitation: { by: provider, at },
  account: { id: vendor.id },
  events: { created: { at } },
  ...patch,
});

export const hubFixture = (patch: Partial<Hub> = {}): Hub => ({
  id: 'HB-1111-2222',
  name: 'EU hub',
  description: 'Orders of Provider Europe',
  company: provider,
  instance: { id: 'inst-1', type: 'API' },
  version: '1.0',
  extension_version: null,
  last_health_check: null,
  stats: { connections: 1, marketplaces: 1 },
  events: { created: { at } },
  ...patch,
});

export const connectionFixture = (patch: Partial<Connection> = {}): Connection => ({
  id: 'CT-123-4567',
  type: 'production',
  status: 'active',
  provider,
  vendor,
  hub: { id: 'HB-1111-2222', name: 'EU hub' },
  product,
  created_at: at,
  note: null,
  product_version_type: 'public',
  events: {},
  ...patch,
});
