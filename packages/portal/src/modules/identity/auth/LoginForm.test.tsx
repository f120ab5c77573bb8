import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';

// The login form's own checks (it uses a small form hook, not react-hook-form, to keep the page light): required
// fields on submit, the first one in error focused, the message gone once the field is filled in.

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('an empty submit names both fields, focuses the e-mail and sends nothing; typing clears the message', async () => {
    const calls = mockApi({ 'GET /auth/context': anonymous });
    renderPortal('/login', { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(2));
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(calls.some((c) => c.path === '/auth/login')).toBe(false);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '   ' } });
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'vendor@demo.trellis' } });
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(1));
  });

  it('sends the trimmed e-mail and the password, then opens the page asked for', async () => {
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'POST /auth/login': () => ({ status: 201, body: VENDOR_CONTEXT }),
    });
    const { router } = renderPortal('/login?next=/profile', { signedIn: false });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: ' vendor@demo.trellis ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Trellis-demo-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls.find((c) => c.path === '/auth/login')!.body).toMatchObject({
      email: 'vendor@demo.trellis',
      password: 'Trellis-demo-1',
    });
  });
});
