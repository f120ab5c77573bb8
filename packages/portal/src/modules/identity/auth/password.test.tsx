import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { safeNext } from './safeNext.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });

async function submitPassword(password: string, confirm = password) {
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('password set', () => {
  it('goes straight in when the server opens a session', async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/password/set': () => ({ status: 201, body: VENDOR_CONTEXT }),
      'POST /accounts/VA-100-200/statistics': () => ({ body: {} }),
    });
    const { router } = renderPortal('/password/set?code=ABC-123');
    await submitPassword('Secret-pass-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Nothing is waiting for you')).toBeTruthy();
    expect(localStorage.getItem('trellis.session_id')).toBe(VENDOR_CONTEXT.session_id);
  });

  it('posts the password with the code and confirms', async () => {
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/password/set': () => ({ status: 201, body: { account: null, user: { id: 'UR-1' } } }),
    });
    renderPortal('/password/set?code=ABC-123');
    await submitPassword('Secret-pass-1');
    expect(await screen.findByText(/Your password has been set/)).toBeTruthy();
    const call = calls.find((c) => c.path === '/auth/password/set')!;
    expect(call.query).toBe('code=ABC-123');
    expect(call.body).toEqual({ password: 'Secret-pass-1' });
  });

  it.each([
    [401, 'Invalid confirmation code'],
    [403, 'Confirmation code is expired'],
  ])('shows the server message for a %i', async (status, message) => {
    mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/password/set': () => ({ status, body: { error_code: 'AUTH_010', errors: [message] } }),
    });
    renderPortal('/password/set?code=OLD');
    await submitPassword('Secret-pass-1');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('checks the policy before calling the server', async () => {
    const calls = mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/password/set?code=X');
    await submitPassword('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(calls.some((c) => c.path === '/auth/password/set')).toBe(false);
  });

  it('without a code says the code is invalid', async () => {
    mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/password/set');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid confirmation code');
  });
});

describe('password restore', () => {
  it('validates the e-mail, then confirms without revealing whether it exists', async () => {
    const calls = mockApi({ 'GET /auth/context': anonymous, 'POST /auth/password/restore': () => ({ status: 204 }) });
    renderPortal('/password/restore');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('E-mail must be valid')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'someone@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(screen.getByText(/a link to set a new password is on its way/)).toBeTruthy());
    expect(calls.find((c) => c.path === '/auth/password/restore')!.body).toEqual({ email: 'someone@example.com' });
  });
});

describe('after login', () => {
  it('only goes to paths of this site', () => {
    expect(safeNext('/accounts?state=x')).toBe('/accounts?state=x');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login?next=/x'])
      expect(safeNext(bad)).toBe('/');
  });
});
