import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';

// /signup?code=…&account=… (spec §7 POST /accounts?code=): the page reads its invitation with the code, opens the
// account and signs the new user in.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });
const INVITATION = {
  id: 'AI-1234-5678-9012',
  email: 'rita@example.com',
  type: 'provider',
  role: 'reseller',
  message: 'Welcome aboard',
  status: 'pending',
  expiration_date: '2030-01-01T00:00:00Z',
  owner: { id: 'PA-768-574', name: 'Demo Provider' },
  events: {},
};
const URL = '/signup?code=SECRET&account=PA-768-574';

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Open the account' }));
}

describe('sign-up page', () => {
  it('says who invites, opens the account with the code and signs the new user in', async () => {
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'GET /accounts/PA-768-574/invitations': () => ({ body: [INVITATION] }),
      'POST /accounts': () => ({ status: 201, body: { id: 'PA-111-222', name: 'Rita Resells' } }),
      'POST /auth/login': () => ({ status: 201, body: VENDOR_CONTEXT }),
      'POST /auth/context': () => ({ status: 201, body: VENDOR_CONTEXT }),
      'POST /accounts/VA-100-200/statistics': () => ({ body: {} }),
    });
    const { router } = renderPortal(URL, { signedIn: false });
    expect((await screen.findByText(/invites/)).textContent).toBe(
      'Demo Provider invites rita@example.com to open a reseller account, managed by Demo Provider.',
    );
    expect(screen.getByText('Welcome aboard')).toBeTruthy();
    await fill({
      'Account name': 'Rita Resells',
      'Your name': 'Rita',
      Password: 'Secret-pass-1',
      'Repeat the password': 'Secret-pass-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const read = calls.find((c) => c.path === '/accounts/PA-768-574/invitations')!;
    expect(read.query).toBe('code=SECRET');
    const made = calls.find((c) => c.method === 'POST' && c.path === '/accounts')!;
    expect(made.query).toBe('code=SECRET');
    expect(made.body).toEqual({ name: 'Rita Resells', user: { name: 'Rita', password: 'Secret-pass-1' } });
    expect(calls.find((c) => c.path === '/auth/login')!.body).toEqual({
      email: 'rita@example.com',
      password: 'Secret-pass-1',
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/auth/context')!.body).toEqual({
      account: { id: 'PA-111-222' },
    });
  });

  it('checks the account name (4 to 64 characters) before calling the server', async () => {
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'GET /accounts/PA-768-574/invitations': () => ({ body: [INVITATION] }),
    });
    renderPortal(URL, { signedIn: false });
    await fill({
      'Account name': 'Abc',
      'Your name': 'Rita',
      Password: 'Secret-pass-1',
      'Repeat the password': 'Secret-pass-1',
    });
    expect(await screen.findByText('Input must be at least 4 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/accounts')).toBe(false);
  });

  it.each([
    [401, 'Invalid confirmation code'],
    [403, 'Confirmation code is expired'],
  ])('shows the code error of a %i and no form', async (status, message) => {
    mockApi({
      'GET /auth/context': anonymous,
      'GET /accounts/PA-768-574/invitations': () => ({ status, body: { error_code: 'AUTH_004', errors: [message] } }),
    });
    renderPortal(URL, { signedIn: false });
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('button', { name: 'Open the account' })).toBeNull();
  });

  it('asks an existing user to log in first, coming back here', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'GET /accounts/PA-768-574/invitations': () => ({ body: [INVITATION] }),
      'POST /accounts': () => ({
        status: 403,
        body: {
          error_code: 'AUTH_002',
          errors: ['rita@example.com already has a user: sign in as that user to open the account.'],
        },
      }),
    });
    renderPortal(URL, { signedIn: false });
    await fill({
      'Account name': 'Rita Resells',
      'Your name': 'Rita',
      Password: 'Secret-pass-1',
      'Repeat the password': 'Secret-pass-1',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('already has a user');
    const link = alert.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/signup?code=SECRET&account=PA-768-574')}`,
    );
  });
});
