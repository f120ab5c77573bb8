import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { portalTheme } from '../../../app/theme.ts';
import { CONTEXT_KEY, SessionProvider } from '../../../app/session/SessionProvider.tsx';
import type { AuthContext } from '../../../app/session/types.ts';
import { VENDOR_CONTEXT } from '../../../test-utils.tsx';

// Test helpers of the parameter and localization tabs: the tab alone, signed in, with a fake API.

export const PRODUCT_ID = 'PRD-100-200-300';

export const PROVIDER_CONTEXT: AuthContext = {
  account: { id: 'PA-500-600', name: 'Demo Provider', type: 'provider', role: 'provider', roles: ['provider'] },
  user: {
    ...VENDOR_CONTEXT.user!,
    id: 'UR-500-600-700',
    name: 'Pat Provider',
    email: 'provider@demo.trellis',
    permissions: [{ id: 'MD-0002' }, { id: 'MD-0012' }],
  },
  permissions: ['MD-0002', 'MD-0012'],
  session_id: 'SE-3333-4444',
  accounts: [{ id: 'PA-500-600', name: 'Demo Provider', type: 'provider', role: 'provider' }],
};

export const product = {
  id: PRODUCT_ID,
  name: 'Cloud Backup',
  status: 'draft',
  version: 0,
  latest: true,
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  events: {},
};

/** `ui` inside theme, query cache, an already known session and a router at `url`. */
export function renderSignedIn(
  ui: ReactNode,
  { context = VENDOR_CONTEXT, url = '/' }: { context?: AuthContext; url?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CONTEXT_KEY, context);
  return render(
    <ThemeProvider theme={portalTheme()}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
