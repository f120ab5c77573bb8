import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { portalTheme } from '../../../app/theme.ts';
import { CONTEXT_KEY, SessionProvider } from '../../../app/session/SessionProvider.tsx';
import type { AuthContext } from '../../../app/session/types.ts';
import { VENDOR_CONTEXT } from '../../../test-utils.tsx';

// Test helpers of the product screens: a signed-in component alone, fixtures, and a list answer.

export const PRODUCT_ID = 'PRD-111-222-333';

export const PROVIDER: AuthContext = {
  account: { id: 'PA-500-600', name: 'Demo Provider', type: 'provider', role: 'provider', roles: ['provider'] },
  user: { ...VENDOR_CONTEXT.user!, id: 'UR-500-600-700', name: 'Pat Provider', email: 'provider@demo.trellis' },
  permissions: ['MD-0000'],
  session_id: 'SE-3333-4444',
  accounts: [{ id: 'PA-500-600', name: 'Demo Provider', type: 'provider', role: 'provider' }],
};

const at = '2026-01-02T10:00:00Z';
export const productFixture = {
  id: PRODUCT_ID,
  name: 'Cloud Backup',
  status: 'published',
  version: 2,
  latest: true,
  icon: null,
  external_id: null,
  short_description: 'Backups',
  detailed_description: '',
  end_of_sale_notes: null,
  replacement: null,
  category: { id: 'CAT-1', name: 'Backup' },
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  published_at: at,
  configurations: { suspend_resume_supported: true, requires_reseller_information: false },
  customer_ui_settings: {
    description: '',
    getting_started: '',
    download_links: [],
    documents: [],
    languages: [],
    provisioning_message: '',
  },
  visibility: { owner: true, listing: true, syndication: false, catalog: false },
  capabilities: {},
  events: { created: { at, by: { id: 'UR-1', name: 'Vera Vendor' } } },
};

export const versionFixture = (version: number, status: 'building' | 'ready', latest = false) => ({
  ...productFixture,
  version,
  latest,
  product: { id: PRODUCT_ID, name: 'Cloud Backup' },
  build: { status, error: null },
  changes_description: `Changes of ${version}`,
  public: latest,
  staging: status !== 'ready',
  events: {
    ...productFixture.events,
    ...(status === 'ready' ? { built: { at, by: { id: 'UR-1', name: 'Vera Vendor' } } } : {}),
  },
});

export const itemFixture = {
  id: `${PRODUCT_ID}-0001`,
  local_id: '0001',
  name: 'Backup 100 GB',
  display_name: 'Backup 100 GB',
  description: '',
  mpn: 'BK-100',
  external_id: null,
  type: 'reservation',
  item_type: 'Reservation',
  dynamic: false,
  frozen: false,
  period: 'monthly',
  commitment: { count: 1 },
  precision: 'integer',
  unit: { id: 'unit', name: 'Units', title: 'Units', unit: 'unit' },
  quantity: -1,
  status: 'published',
  position: 1,
  group: null,
  parent: null,
  depth: 0,
  applicability: null,
  ui: { visibility: true },
  replacement: null,
  end_of_sale_notes: null,
  product: { id: PRODUCT_ID },
  events: { created: { at } },
};

export const UNITS = [
  { id: 'unit', name: 'Units', title: 'Units', unit: 'unit', description: '', mpn: null, owner: null, events: {} },
  {
    id: 'unith',
    name: 'Units × hours',
    title: 'Units × hours',
    unit: 'unit-h',
    description: '',
    mpn: null,
    owner: null,
    events: {},
  },
];

/** `ui` inside theme, query cache, a known session and a router at `url`. */
export function renderSignedIn(
  ui: ReactNode,
  { context = VENDOR_CONTEXT, url = '/' }: { context?: AuthContext; url?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CONTEXT_KEY, context);
  const utils = render(
    <ThemeProvider theme={portalTheme()}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...utils, client };
}
