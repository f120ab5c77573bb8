import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Brand } from '@trellis/domain/branding/brand';
import { DEFAULT_BRAND } from '@trellis/domain/branding/constants';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';

// Single sign-on on the login page: the brand's SSO buttons open the pop-up, the pop-up's same-origin message signs
// the page in (or puts its error on the form), and a user whose organisation enforces SSO is told to use it.

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });
const dashboard = { 'POST /accounts/VA-100-200/statistics': () => ({ body: {} }) };
const paths = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);
const brand = (sso: unknown[]) => ({ ...DEFAULT_BRAND, sso }) as Brand;
const OKTA = { id: 'SSO-100-200', name: 'Acme Okta', icon: '/public/v1/sso/services/SSO-100-200/icon' };
const START = 'http://localhost:3000/public/v1/auth/sso/IDP-1234/start?email=ann%40acme.test';

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn(() => ({}) as Window);
  vi.stubGlobal('open', open);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The pop-up's answer as the browser delivers it. */
function popupSays(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

async function submit(email: string, password = 'not-my-password') {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('SSO buttons of the login page', () => {
  it('shows one button per service of the brand, which opens /redirect?service= in the pop-up', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/login', { signedIn: false, brand: brand([OKTA, { id: 'SSO-2', name: 'Entra ID', icon: null }]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Acme Okta' }));
    expect(screen.getByRole('button', { name: 'Sign in with Entra ID' })).toBeTruthy();
    expect(open).toHaveBeenCalledWith('/redirect?service=SSO-100-200', 'trellis-sso', 'width=520,height=640');
  });

  it('shows no SSO button when the brand has no service (or a server sends none)', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/login', { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
  });

  it('a blocked pop-up: the flow runs in this window', async () => {
    open.mockReturnValue(null);
    mockApi({
      'GET /auth/context': anonymous,
      'GET /sso/services/SSO-100-200/login': () => ({ body: { method: 'GET', url: START } }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { router } = renderPortal('/login', { signedIn: false, brand: brand([OKTA]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Acme Okta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    expect(router.state.location.search).toBe('?service=SSO-100-200');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(START));
  });

  it('the pop-up signed the user in: loads the session and goes where the login would have gone', async () => {
    let done = false;
    const calls = mockApi({
      ...dashboard,
      'GET /auth/context': () => (done ? { body: VENDOR_CONTEXT } : anonymous()),
    });
    const { router } = renderPortal('/login?next=/profile', { signedIn: false, brand: brand([OKTA]) });
    await screen.findByRole('button', { name: 'Sign in with Acme Okta' });
    done = true;
    popupSays({ type: 'trellis-sso', ok: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(paths(calls)).toContain('GET /auth/context');
    expect(localStorage.getItem('trellis.session_id')).toBe(VENDOR_CONTEXT.session_id);
  });

  it('the pop-up failed: its message is the form’s error', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/login', { signedIn: false, brand: brand([OKTA]) });
    await screen.findByRole('button', { name: 'Sign in with Acme Okta' });
    popupSays({ type: 'trellis-sso', ok: false, message: 'Your account is not allowed to sign in.' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your account is not allowed to sign in.');
  });

  it('ignores messages from another origin and messages that are not the pop-up’s', async () => {
    const calls = mockApi({ 'GET /auth/context': anonymous });
    const { router } = renderPortal('/login', { signedIn: false, brand: brand([OKTA]) });
    await screen.findByRole('button', { name: 'Sign in with Acme Okta' });
    popupSays({ type: 'trellis-sso', ok: true }, 'https://evil.example');
    popupSays({ type: 'trellis-sso', ok: false, message: 'Forged' }, 'https://evil.example');
    popupSays({ type: 'other', ok: true });
    popupSays('trellis-sso');
    await new Promise((r) => setTimeout(r, 50));
    expect(paths(calls).filter((p) => p === 'GET /auth/context')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('a user whose organisation signs in with single sign-on', () => {
  const checkSaml = () => ({
    body: {
      idp: { id: 'IDP-1234', name: 'Acme Okta', type: 'saml' },
      has_password: false,
      mode: 'saml',
      login: { method: 'GET', url: START },
    },
  });

  it('a 403 naming single sign-on: told to use it, with the provider’s button instead of the password error', async () => {
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({
        status: 403,
        body: { error_code: 'AUTH_002', errors: ['Your organisation requires single sign-on.'] },
      }),
      'POST /auth/user/check': checkSaml,
    });
    renderPortal('/login', { signedIn: false });
    await submit('ann@acme.test');
    expect(await screen.findByText(/Your organisation signs you in with single sign-on/)).toBeTruthy();
    expect(screen.queryByText('Your organisation requires single sign-on.')).toBeNull();
    expect(calls.find((c) => c.path === '/auth/user/check')!.body).toEqual({ email: 'ann@acme.test' });
    // the pop-up goes through /redirect (which marks itself as the pop-up), then to the start the check named
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Acme Okta' }));
    expect(open).toHaveBeenCalledWith(
      `/redirect?start=${encodeURIComponent(new URL(START).pathname + new URL(START).search)}`,
      'trellis-sso',
      'width=520,height=640',
    );
  });

  it('with the pop-up blocked, the provider’s sign-in starts in this window', async () => {
    open.mockReturnValue(null);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({
        status: 403,
        body: { error_code: 'AUTH_002', errors: ['Users of acme.test sign in with single sign-on (Acme Okta).'] },
      }),
      'POST /auth/user/check': checkSaml,
    });
    const { router } = renderPortal('/login', { signedIn: false });
    await submit('ann@acme.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Acme Okta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/public/v1/auth/sso/IDP-1234/start?email=ann%40acme.test'),
    );
  });

  it('the check says saml (enforced): the wrong-password answer gives way to the SSO notice', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({
        status: 400,
        body: { error_code: 'AUTH_001', errors: ['Invalid e-mail or password.'] },
      }),
      'POST /auth/user/check': checkSaml,
    });
    renderPortal('/login', { signedIn: false });
    await submit('ann@acme.test');
    expect(await screen.findByText(/Your organisation signs you in with single sign-on/)).toBeTruthy();
    expect(screen.queryByText('Invalid e-mail or password.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in with Acme Okta' })).toBeTruthy();
  });

  it('a password user (or SSO not enforced) sees the password error as before', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({
        status: 400,
        body: { error_code: 'AUTH_001', errors: ['Invalid e-mail or password.'] },
      }),
      'POST /auth/user/check': () => ({
        body: { idp: { id: 'IDP-1', name: 'Acme Okta', type: 'saml' }, has_password: true, mode: 'sso' },
      }),
    });
    renderPortal('/login', { signedIn: false });
    await submit('bob@acme.test');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid e-mail or password.');
    expect(screen.queryByText(/Your organisation signs you in with single sign-on/)).toBeNull();
  });

  it('asks nothing more when the password is right', async () => {
    const calls = mockApi({
      ...dashboard,
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({ status: 201, body: VENDOR_CONTEXT }),
    });
    const { router } = renderPortal('/login', { signedIn: false });
    await submit('vendor@demo.trellis', 'Trellis-demo-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(paths(calls)).not.toContain('POST /auth/user/check');
  });
});
