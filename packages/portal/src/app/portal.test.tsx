import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTERS_RESTORED_MESSAGE } from '@trellis/domain/format/constants';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../test-utils.tsx';
import { maintenance } from './maintenance.ts';
import { chrome } from './chrome/store.ts';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  maintenance.set(false);
  chrome.reset();
});

const context = () => ({ body: VENDOR_CONTEXT });
const accounts = [
  {
    id: 'PA-018-816',
    name: 'Demo Provider',
    type: 'provider',
    role: 'distributor',
    roles: ['distributor'],
    external_id: null,
    events: {},
  },
  {
    id: 'VA-100-200',
    name: 'Demo Vendor',
    type: 'vendor',
    role: 'vendor',
    roles: ['vendor'],
    external_id: null,
    events: {},
  },
];

describe('session start', () => {
  it('a 401 from /auth/context sends the visitor to /login, remembering where they were going', async () => {
    mockApi({
      'GET /auth/context': () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } }),
    });
    const { router } = renderPortal('/accounts');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Faccounts');
  });

  it('login shows the server message as is, then opens the page asked for with the session header', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } }),
      'POST /auth/login': (c) =>
        (c.body as { password: string }).password === 'right-1'
          ? { status: 201, body: VENDOR_CONTEXT }
          : { status: 401, body: { error_code: 'AUTH_002', errors: ['Invalid e-mail or password.'] } },
      'GET /accounts': () => ({ body: accounts, headers: { 'content-range': 'items 0-1/2' } }),
    });
    const { router } = renderPortal('/login?next=%2Faccounts');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'vendor@demo.trellis' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid e-mail or password.');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Demo Provider')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accounts');
    expect(localStorage.getItem('trellis.session_id')).toBe('SE-1111-2222');
    expect(calls.find((c) => c.path === '/accounts')!.headers['x-session-id']).toBe('SE-1111-2222');
  });

  it('empty fields are refused before any call, with the spec message', async () => {
    const calls = mockApi({ 'GET /auth/context': () => ({ status: 401, body: {} }) });
    renderPortal('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(calls.some((c) => c.path === '/auth/login')).toBe(false);
  });

  it('a 503 switches to the maintenance screen', async () => {
    mockApi({ 'GET /auth/context': () => ({ status: 503, body: { error_code: 'SRV_503', errors: ['Maintenance'] } }) });
    renderPortal('/');
    expect(await screen.findByText('Down for maintenance')).toBeTruthy();
  });

  it('logout resets the session even when the server call fails', async () => {
    mockApi({
      'GET /auth/context': context,
      'POST /accounts/VA-100-200/statistics': () => ({ body: {} }),
      'POST /auth/logout': () => ({ status: 500, body: {} }),
    });
    const { router } = renderPortal('/');
    fireEvent.click(await screen.findByRole('button', { name: /^User menu/ }));
    fireEvent.click(await screen.findByText('Log out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('trellis.session_id')).toBeNull();
  });
});

describe('dashboard', () => {
  it('shows the counters the account sees, linking only to lists that exist', async () => {
    mockApi({
      'GET /auth/context': context,
      'POST /accounts/VA-100-200/statistics': () => ({
        body: {
          asset_requests: { count: 4, updated_at: '2026-01-02T10:00:00Z' },
          cases: { count: 0, updated_at: '2026-01-02T10:00:00Z' },
        },
      }),
    });
    renderPortal('/');
    const card = await screen.findByTestId('counter-asset_requests');
    expect(within(card).getByText('Subscription requests')).toBeTruthy();
    expect(within(card).getByText('4')).toBeTruthy();
    expect(screen.getByTestId('counter-cases')).toBeTruthy();
    // the card opens the list filtered the way it counts
    const href = new URL(within(card).getByRole('link').getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/subscriptions/fulfillment');
    const state = JSON.parse(atob(href.searchParams.get('state')!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(state).toEqual({ filters: { status: ['pending', 'inquiring'] } });
  });

  it('says so honestly when there are no counters', async () => {
    mockApi({ 'GET /auth/context': context, 'POST /accounts/VA-100-200/statistics': () => ({ body: {} }) });
    renderPortal('/');
    expect(await screen.findByText('Nothing is waiting for you')).toBeTruthy();
  });
});

describe('resource table', () => {
  it('shows 10 skeleton rows while loading, then the page and its total', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /accounts': () => ({ body: accounts, headers: { 'content-range': 'items 0-1/12' } }),
    });
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const real = fetchMock.getMockImplementation()! as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/public/v1/accounts')) await gate;
      return real(url, init);
    });
    renderPortal('/accounts');
    await waitFor(() => expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10));
    await act(async () => release());
    expect(await screen.findByText('Demo Provider')).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    expect(calls.find((c) => c.path === '/accounts')!.query).toBe('ordering(name)&limit=10&offset=0');
  });

  it('restores filters from the URL with the exact notice, and RESET clears them', async () => {
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /accounts': () => ({ body: accounts, headers: { 'content-range': 'items 0-1/2' } }),
    });
    const state = btoa(JSON.stringify({ filters: { type: ['vendor'] } })).replace(/=+$/, '');
    renderPortal(`/accounts?state=${state}`);
    expect(await screen.findByText(FILTERS_RESTORED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.query.startsWith('in(type,(vendor))'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByText(FILTERS_RESTORED_MESSAGE)).toBeNull());
    await waitFor(() => expect(calls[calls.length - 1].query).toBe('ordering(name)&limit=10&offset=0'));
  });

  it('an empty list says so, and a failing one shows the server message', async () => {
    mockApi({
      'GET /auth/context': context,
      'GET /accounts': () => ({ body: [], headers: { 'content-range': 'items */0' } }),
    });
    renderPortal('/accounts');
    expect(await screen.findByText('No accounts yet')).toBeTruthy();
    cleanup();
    mockApi({
      'GET /auth/context': context,
      'GET /accounts': () => ({ status: 400, body: { error_code: 'RQL_001', errors: ['Invalid RQL: bad'] } }),
    });
    renderPortal('/accounts');
    expect(await screen.findByText('Invalid RQL: bad')).toBeTruthy();
  });
});

describe('detail pages', () => {
  it('a 404 goes to the not-found route, which names the original path', async () => {
    mockApi({ 'GET /auth/context': context });
    const { router } = renderPortal('/accounts/VA-999-999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found/accounts/VA-999-999'));
    expect(await screen.findByText('/accounts/VA-999-999')).toBeTruthy();
  });

  it('a malformed id never reaches the API', async () => {
    const calls = mockApi({ 'GET /auth/context': context });
    const { router } = renderPortal('/accounts/not-an-id');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found/accounts/not-an-id'));
    expect(calls.some((c) => c.path.startsWith('/accounts/'))).toBe(false);
  });

  it('shows only the actions the status allows', async () => {
    const token = {
      id: 'SU-100-200-300',
      name: 'CI',
      description: null,
      external_id: null,
      owner: { id: 'VA-100-200' },
      status: 'active',
      extension: null,
      permissions: [],
      expiration_date: null,
      events: { created: { at: '2026-01-01T00:00:00Z' } },
    };
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /auth/tokens/SU-100-200-300': () => ({ body: token }),
      'POST /auth/tokens/SU-100-200-300/deactivate': () => ({ body: { ...token, status: 'inactive' } }),
    });
    renderPortal('/settings/users/tokens/SU-100-200-300');
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rotate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/deactivate'))).toBe(true));
  });
});
