import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import type { AuthContext } from '../session/types.ts';

// Impersonation (spec §6): a session logged in as a managed account's user is restricted (no accounts list, no
// switcher) and every page carries a banner naming both users, with the way back.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IMPERSONATED: AuthContext = {
  account: { id: 'PA-811-661', name: 'Demo Reseller', type: 'provider', role: 'reseller', roles: ['reseller'] },
  user: { ...VENDOR_CONTEXT.user!, id: 'UR-466-691-759', name: 'Rita Reseller', email: 'reseller@demo.trellis' },
  permissions: ['MD-0000'],
  session_id: 'SE-2222-3333',
  impersonator: {
    id: 'UR-1',
    name: 'Paul Provider',
    type: 'user',
    account: { id: 'PA-768-574', name: 'Demo Provider' },
  },
};
const OWN: AuthContext = {
  ...VENDOR_CONTEXT,
  account: { id: 'PA-768-574', name: 'Demo Provider', type: 'provider', role: 'distributor' },
  user: { ...VENDOR_CONTEXT.user!, name: 'Paul Provider', email: 'provider@demo.trellis' },
  session_id: 'SE-1111-0000',
  accounts: [
    { id: 'PA-768-574', name: 'Demo Provider', type: 'provider', role: 'distributor' },
    { id: 'VA-100-200', name: 'Demo Vendor', type: 'vendor', role: 'vendor' },
  ],
};
const common = {
  'POST /accounts/PA-811-661/statistics': () => ({ body: {} }),
  'GET /accounts/PA-811-661': () => ({ body: { ...IMPERSONATED.account, parent: { id: 'PA-768-574' }, events: {} } }),
};

describe('impersonation banner', () => {
  it('names both users on every page, without an account switcher, and records no recents', async () => {
    const calls = mockApi({ ...common, 'GET /auth/context': () => ({ body: IMPERSONATED }) });
    renderPortal('/');
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(
      'You are logged in as Rita Reseller (Demo Reseller) on behalf of Paul Provider (Demo Provider).',
    );
    expect(screen.queryByRole('button', { name: /Switch account/ })).toBeNull();
    // the recents are read (the menu shows them) but not written
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path.endsWith('/settings/recents'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(calls.some((c) => c.method === 'PUT' && c.path.includes('/settings/recents'))).toBe(false);
  });

  it('returns to the own session on the managed account page', async () => {
    const calls = mockApi({
      ...common,
      'GET /accounts/PA-811-661': () => ({
        body: { ...IMPERSONATED.account, parent: { id: 'PA-768-574', name: 'Demo Provider' }, events: {} },
      }),
      'GET /auth/context': () => ({ body: IMPERSONATED }),
      'POST /auth/impersonate/return': () => ({ status: 201, body: OWN }),
    });
    const { router } = renderPortal('/profile');
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/PA-811-661'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls.filter((c) => c.path === '/auth/impersonate/return')).toHaveLength(1);
    expect(localStorage.getItem('trellis.session_id')).toBe('SE-1111-0000');
  });

  it('goes to the login page when there is no own session to return to', async () => {
    mockApi({
      ...common,
      'GET /auth/context': () => ({ body: IMPERSONATED }),
      'POST /auth/impersonate/return': () => ({ status: 204 }),
    });
    const { router } = renderPortal('/');
    fireEvent.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
