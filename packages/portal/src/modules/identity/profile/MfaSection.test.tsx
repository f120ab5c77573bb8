import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import type { AuthContext } from '../../../app/session/types.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MFA = `/users/${VENDOR_CONTEXT.user!.id}/mfa`;
const contextWith = (policy: string): AuthContext => ({
  ...VENDOR_CONTEXT,
  account: { ...VENDOR_CONTEXT.account, settings: { mfa: { policy } } },
  user: { ...VENDOR_CONTEXT.user!, mfa: { id: 'MFA-1', status: 'enabled', active_method: 'totp' } },
});
const enabled = {
  id: 'MFA-1',
  status: 'enabled',
  active_method: 'totp',
  method: 'totp',
  recovery_codes_left: 7,
  events: { enabled: { at: '2026-03-01T10:00:00+00:00', by: { id: 'UR-1', name: 'Vera' } } },
};

describe('profile › multi-factor authentication', () => {
  it('turns MFA off with a code under the optional policy', async () => {
    let status = 'enabled';
    const calls = mockApi({
      'GET /auth/context': () => ({ body: contextWith('optional') }),
      [`GET ${MFA}`]: () => ({ body: status === 'enabled' ? enabled : { status: 'disabled', recovery_codes_left: 0 } }),
      [`POST ${MFA}/status`]: () => {
        status = 'disabled';
        return { body: { id: 'MFA-1', status: 'disabled', recovery_codes_left: 0 } };
      },
    });
    renderPortal('/profile');
    // the first render transforms the profile page's chunks: give it time on a busy machine
    expect(await screen.findByText('Recovery codes left', {}, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText('7')).toBeTruthy();
    expect(screen.getByText('Your password, then a code from your authenticator app.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off multi-factor authentication' });
    fireEvent.change(within(dialog).getByLabelText('Code from your app'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Multi-factor authentication is off.')).toBeTruthy();
    expect(calls.find((c) => c.path === `${MFA}/status`)!.body).toEqual({ status: 'disabled', code: '123456' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up MFA' })).toBeTruthy());
    expect(screen.getByText('Your password; you are offered to set up MFA.')).toBeTruthy();
  });

  it('cannot be turned off while the account requires it, and says why', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: contextWith('required') }),
      [`GET ${MFA}`]: () => ({ body: enabled }),
    });
    renderPortal('/profile');
    const off = await screen.findByRole('button', { name: 'Turn off' });
    expect((off as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('Demo Vendor requires multi-factor authentication, so it cannot be turned off.'),
    ).toBeTruthy();
  });
});
