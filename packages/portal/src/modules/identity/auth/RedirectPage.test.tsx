import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';

// /redirect, the single sign-on window: ?service= starts the provider's sign-in, ?sso=done|error ends it — in the
// pop-up (tells the login page that opened it) or, when the pop-up was blocked, in the login page's own window.

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });
const START = 'http://localhost:3000/public/v1/auth/sso/IDP-1234/start?service=SSO-100-200';
const paths = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let close: ReturnType<typeof vi.spyOn>;
let submitted: { action: string; method: string; target: string }[];

beforeEach(() => {
  // the browser leaves the portal here: record where it would go instead
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  close = vi.spyOn(window, 'close').mockImplementation(() => {});
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({ action: this.action, method: this.method.toLowerCase(), target: this.target });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

/** A login page of this portal that opened the pop-up. */
function stubOpener(origin = window.location.origin) {
  const postMessage = vi.fn();
  vi.stubGlobal('opener', { location: { origin }, postMessage });
  return postMessage;
}

describe('/redirect?service= starts the sign-in', () => {
  it('asks the service how to start and follows a GET to the provider', async () => {
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'GET /sso/services/SSO-100-200/login': () => ({ body: { method: 'GET', url: START } }),
    });
    renderPortal('/redirect?service=SSO-100-200', { signedIn: false });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(START));
    expect(screen.getByText('Taking you to your organisation’s sign-in…')).toBeTruthy();
    expect(paths(calls)).toContain('GET /sso/services/SSO-100-200/login');
    expect(submitted).toEqual([]);
  });

  it('auto-submits a form for a POST start', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'GET /sso/services/SSO-100-200/login': () => ({ body: { method: 'POST', url: START } }),
    });
    renderPortal('/redirect?service=SSO-100-200', { signedIn: false });
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ action: START, method: 'post', target: '' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not follow an address that is not http(s)', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'GET /sso/services/SSO-100-200/login': () => ({ body: { method: 'GET', url: 'javascript:alert(1)' } }),
    });
    renderPortal('/redirect?service=SSO-100-200', { signedIn: false });
    expect(await screen.findByText('The sign-in address of this service is not valid.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal (an unknown or disabled service) with a way back to the login page', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'GET /sso/services/SSO-9/login': () => ({
        status: 404,
        body: { error_code: 'NF_001', errors: ['SSO service not found.'] },
      }),
    });
    renderPortal('/redirect?service=SSO-9', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'SSO service not found.');
    expect(screen.getByRole('link', { name: 'Back to the login page' }).getAttribute('href')).toBe('/login');
    expect(assign).not.toHaveBeenCalled();
  });

  it('?start= follows a start of this portal’s own API (the one /auth/user/check named)', async () => {
    const calls = mockApi({ 'GET /auth/context': anonymous });
    const path = '/public/v1/auth/sso/IDP-1234/start?email=ann%40acme.test';
    renderPortal(`/redirect?start=${encodeURIComponent(path)}`, { signedIn: false });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(path));
    expect(paths(calls).some((p) => p.includes('/sso/'))).toBe(false); // nothing asked: the start is known
  });

  it('?start= never leads to another site or elsewhere in the API', async () => {
    for (const start of [
      'https://evil.example/public/v1/auth/sso/IDP-1/start',
      '//evil.example/public/v1/auth/sso/IDP-1/start',
      '/public/v1/auth/logout',
      'javascript:alert(1)',
    ]) {
      mockApi({ 'GET /auth/context': anonymous });
      renderPortal(`/redirect?start=${encodeURIComponent(start)}`, { signedIn: false });
      expect(await screen.findByText('The sign-on link is missing or not valid.')).toBeTruthy();
      cleanup();
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('without a service or an outcome, says the link is not valid', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/redirect', { signedIn: false });
    expect(await screen.findByText('The sign-on link is missing or not valid.')).toBeTruthy();
  });
});

describe('/redirect?sso= ends it', () => {
  it('done, in the pop-up: tells the login page (same origin only) and closes', async () => {
    const postMessage = stubOpener();
    const calls = mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/redirect?sso=done', { signedIn: false });
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(postMessage).toHaveBeenCalledWith({ type: 'trellis-sso', ok: true }, window.location.origin);
    expect(paths(calls)).not.toContain('GET /auth/context');
  });

  it('error, in the pop-up: hands the message to the login page and closes', async () => {
    const postMessage = stubOpener();
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal(`/redirect?sso=error&message=${encodeURIComponent('Your account is not allowed to sign in.')}`, {
      signedIn: false,
    });
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'trellis-sso', ok: false, message: 'Your account is not allowed to sign in.' },
      window.location.origin,
    );
  });

  it('done, in a pop-up whose opener link a provider page cut (COOP): tells the login page by a same-origin broadcast', async () => {
    // /redirect?service= marked the pop-up while it still had its opener
    stubOpener();
    mockApi({
      'GET /auth/context': anonymous,
      'GET /sso/services/SSO-100-200/login': () => ({ body: { method: 'GET', url: START } }),
    });
    renderPortal('/redirect?service=SSO-100-200', { signedIn: false });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(START));
    expect(sessionStorage.getItem('trellis.sso.popup')).toBe('1');
    cleanup();
    vi.unstubAllGlobals();

    const heard: unknown[] = [];
    const channel = new BroadcastChannel('trellis-sso');
    channel.onmessage = (e) => heard.push(e.data);
    const calls = mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/redirect?sso=done', { signedIn: false });
    await waitFor(() => expect(heard).toEqual([{ type: 'trellis-sso', ok: true }]));
    expect(close).toHaveBeenCalled();
    expect(paths(calls)).not.toContain('GET /auth/context');
    expect(sessionStorage.getItem('trellis.sso.popup')).toBeNull();
    channel.close();
  });

  it('done, opened by another site’s window: tells it nothing and opens the portal here', async () => {
    const postMessage = stubOpener('https://evil.example');
    let signedIn = false;
    mockApi({
      'GET /auth/context': () => {
        signedIn = true;
        return { body: VENDOR_CONTEXT };
      },
      'POST /accounts/VA-100-200/statistics': () => ({ body: {} }),
    });
    const { router } = renderPortal('/redirect?sso=done', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signedIn).toBe(true);
    expect(postMessage).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('done, without a pop-up (it was blocked): loads the session the server opened and opens the portal', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'POST /accounts/VA-100-200/statistics': () => ({ body: {} }),
    });
    const { router } = renderPortal('/redirect?sso=done', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('trellis.session_id')).toBe(VENDOR_CONTEXT.session_id);
    expect(close).not.toHaveBeenCalled();
  });

  it('error, without a pop-up: shows the message and the way back to the login page', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    const { router } = renderPortal(`/redirect?sso=error&message=${encodeURIComponent('The assertion expired.')}`, {
      signedIn: false,
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The assertion expired.');
    expect(screen.getByRole('heading', { name: 'Single sign-on failed' })).toBeTruthy();
    screen.getByRole('link', { name: 'Back to the login page' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(close).not.toHaveBeenCalled();
  });

  it('error without a message still says what happened', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/redirect?sso=error', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Single sign-on failed.');
  });
});
