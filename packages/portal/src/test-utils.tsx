import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setSessionId } from './api/session-id.ts';
import { portalRouterOptions, portalRoutes } from './app/router.tsx';
import { portalTheme } from './app/theme.ts';
import type { AuthContext } from './app/session/types.ts';
import { BrandContext } from './app/branding/brand.ts';
import type { Brand } from '@trellis/domain/branding/brand';
import { DEFAULT_BRAND } from '@trellis/domain/branding/constants';

// Pages load lazily (each test file transforms them on first use): give them time to appear, also on a loaded CI
// machine, where the first page of a file has taken over 10 s (within the portal project's 20 s test timeout).
configure({ asyncUtilTimeout: 15000 });

export interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
  headers: Record<string, string>;
}
type Handler = (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** A fake API: handlers keyed by "METHOD /path" (under /public/v1); anything else is a JSON 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [pathWithBase, query = ''] = url.split('?');
      const path = pathWithBase.replace(/^\/public\/v1/, '');
      const call: Call = {
        method: init.method ?? 'GET',
        path,
        query: decodeURIComponent(query),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${path}`];
      const res = handler?.(call) ?? {
        status: 404,
        body: { error_code: 'NF_001', errors: [`No such endpoint: ${call.method} ${path}`] },
      };
      return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
        status: res.status ?? 200,
        headers: { 'content-type': 'application/json', ...res.headers },
      });
    }),
  );
  return calls;
}

export const VENDOR_CONTEXT: AuthContext = {
  account: { id: 'VA-100-200', name: 'Demo Vendor', type: 'vendor', role: 'vendor', roles: ['vendor'] },
  user: {
    id: 'UR-100-200-300',
    name: 'Vera Vendor',
    email: 'vendor@demo.trellis',
    timezone: 'UTC',
    timeformat: '24h',
    region: 'en_US',
    permissions: [{ id: 'MD-0000' }],
    groups: [{ id: 'UG-1', name: 'Admins' }],
  },
  permissions: ['MD-0000'],
  session_id: 'SE-1111-2222',
  accounts: [{ id: 'VA-100-200', name: 'Demo Vendor', type: 'vendor', role: 'vendor' }],
};

/** The whole portal (router, session, shell) at `url`, with a fresh query cache (and the host's `brand`). */
export function renderPortal(url: string, opts: { signedIn?: boolean; brand?: Brand } = {}) {
  // a browser that signed in keeps its session id; the context call tells whether the session is still good
  setSessionId(opts.signedIn === false ? null : 'SE-0000-0000-0000-0000');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(portalRoutes(), { ...portalRouterOptions(), initialEntries: [url] });
  const utils = render(
    <ThemeProvider theme={portalTheme()}>
      <QueryClientProvider client={client}>
        <BrandContext.Provider value={opts.brand ?? DEFAULT_BRAND}>
          <RouterProvider router={router} />
        </BrandContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...utils, router, client };
}
