import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import type { AuthContext } from '../../../app/session/types.ts';
import { groupSecret } from './EnrolFlow.tsx';
import { readCode } from './MfaProofForm.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = VENDOR_CONTEXT.user!.id;
const MFA = `/users/${USER}/mfa`;
const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });
const withStep = (step: 'enrol' | 'verify', mandatory: boolean): AuthContext => ({
  ...VENDOR_CONTEXT,
  mfa: { step, method: 'totp', mandatory },
});
const dashboard = { 'POST /accounts/VA-100-200/statistics': () => ({ body: {} }) };

async function signIn() {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'vendor@demo.trellis' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Trellis-demo-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}
const codeField = () => screen.findByLabelText('Code from your app');
const paths = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

describe('the MFA step after the password', () => {
  it('asks for a code when the user has MFA, puts the server’s refusal on the field, and opens the portal once verified', async () => {
    let verified = false;
    const calls = mockApi({
      ...dashboard,
      'GET /auth/context': () => (verified ? { body: VENDOR_CONTEXT } : anonymous()),
      'POST /auth/login': () => ({ status: 201, body: withStep('verify', true) }),
      [`POST ${MFA}/verify-totp`]: (c) => {
        if ((c.body as { code?: string }).code !== '123456') {
          const message = 'The code is not valid. Enter the current code from your authenticator app.';
          return {
            status: 400,
            body: { error_code: 'AUTH_007', errors: [`code: ${message}`], fields: { code: [message] } },
          };
        }
        verified = true;
        return { body: { status: 'enabled', active_method: 'totp', recovery_codes_left: 10 } };
      },
    });
    const { router } = renderPortal('/login?next=/profile', { signedIn: false });
    await signIn();
    expect(await screen.findByText('Signing in as vendor@demo.trellis.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    // a malformed code is not sent
    fireEvent.change(await codeField(), { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(paths(calls)).not.toContain(`POST ${MFA}/verify-totp`);

    fireEvent.change(await codeField(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/The code is not valid/)).toBeTruthy();

    fireEvent.change(await codeField(), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls.filter((c) => c.path === `${MFA}/verify-totp`).map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const calls = mockApi({
      ...dashboard,
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({ status: 201, body: withStep('verify', true) }),
      [`POST ${MFA}/verify-totp`]: () => ({ body: { status: 'enabled', recovery_codes_left: 9 } }),
    });
    renderPortal('/login', { signedIn: false });
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(await screen.findByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(paths(calls)).toContain(`POST ${MFA}/verify-totp`));
    expect(calls.find((c) => c.path === `${MFA}/verify-totp`)!.body).toEqual({ recovery_code: 'abcde-fghjk' });
  });

  it('lets an optional enrolment be postponed without setting anything up', async () => {
    const calls = mockApi({
      ...dashboard,
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({ status: 201, body: withStep('enrol', false) }),
    });
    const { router } = renderPortal('/login', { signedIn: false });
    await signIn();
    expect(await screen.findByText(/recommends multi-factor authentication/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(paths(calls).some((p) => p.includes('/mfa'))).toBe(false);
  });

  it('walks a required enrolment through the QR code, the first code and the recovery codes', async () => {
    let enabled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const calls = mockApi({
      ...dashboard,
      'GET /auth/context': () => (enabled ? { body: VENDOR_CONTEXT } : anonymous()),
      'POST /auth/login': () => ({ status: 201, body: withStep('enrol', true) }),
      [`POST ${MFA}`]: () => ({
        status: 201,
        body: {
          id: 'MFA-1',
          status: 'pending',
          recovery_codes_left: 0,
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Trellis:vendor%40demo.trellis?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
      [`POST ${MFA}/verify-totp`]: () => {
        enabled = true;
        return { body: { id: 'MFA-1', status: 'enabled', recovery_codes_left: 10, recovery_codes: codes } };
      },
    });
    const { router } = renderPortal('/login', { signedIn: false });
    await signIn();
    expect(
      await screen.findByText('Demo Vendor requires multi-factor authentication: set it up to continue.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Set up MFA' }));
    const qr = (await screen.findByAltText(/QR code/)) as HTMLImageElement;
    expect(qr.src).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fireEvent.change(await codeField(), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(paths(calls).filter((p) => p.includes('/mfa'))).toEqual([`POST ${MFA}`, `POST ${MFA}/verify-totp`]);
  });

  it('brings a reloaded session that must still complete MFA back to the step', async () => {
    mockApi({ 'GET /auth/context': () => ({ body: withStep('verify', true) }) });
    const { router } = renderPortal('/settings/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fsettings%2Fusers');
    expect(await codeField()).toBeTruthy();
  });
});

describe('MFA helpers', () => {
  it('reads codes as apps show them and groups the key for typing', () => {
    expect(readCode(' 123 456 ')).toEqual({ code: '123456' });
    expect(readCode('')).toEqual({ error: 'This field is required' });
    expect(readCode('12a456')).toEqual({ error: 'Enter the 6-digit code from your authenticator app' });
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
