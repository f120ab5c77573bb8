import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RECAPTCHA_SITE_KEY, EMPTY_SITE_KEY } from '@trellis/domain/validation/settings';
import { mockApi, renderPortal } from '../test-utils.tsx';

// reCAPTCHA on the public forms (spec §5: a site key must be non-empty, else the default is used; §8: 'Empty site key
// is received' is logged). Google's widget is stood in for by window.grecaptcha.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.grecaptcha;
});

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });

function fakeWidget() {
  const rendered: { sitekey: string; callback: (answer: string) => void }[] = [];
  window.grecaptcha = {
    ready: (cb) => cb(),
    render: (_el, opts) => rendered.push(opts as (typeof rendered)[number]) - 1,
    reset: vi.fn(),
  };
  return rendered;
}

describe('reCAPTCHA', () => {
  it('uses the default site key for an empty one, logs it, and sends the answer with the form', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rendered = fakeWidget();
    const calls = mockApi({
      'GET /auth/context': anonymous,
      'GET /auth/recaptcha': () => ({ body: { enabled: true, sitekey: '' } }),
      'POST /auth/password/restore': () => ({ body: {} }),
    });
    renderPortal('/password/restore', { signedIn: false });
    const send = (await screen.findByRole('button', { name: 'Send link' })) as HTMLButtonElement;
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0].sitekey).toBe(DEFAULT_RECAPTCHA_SITE_KEY);
    expect(warn).toHaveBeenCalledWith(EMPTY_SITE_KEY);
    expect(send.disabled).toBe(true);
    act(() => rendered[0].callback('answer-1'));
    expect(send.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(send);
    await screen.findByText(/a link to set a new password is on its way/);
    expect(calls.find((c) => c.path === '/auth/password/restore')!.body).toEqual({
      email: 'ann@example.com',
      recaptcha: 'answer-1',
    });
  });

  it('keeps the configured key, and shows nothing while the server does not check answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rendered = fakeWidget();
    mockApi({
      'GET /auth/context': anonymous,
      'GET /auth/recaptcha': () => ({ body: { enabled: true, sitekey: 'site-key-7' } }),
    });
    renderPortal('/password/restore', { signedIn: false });
    await waitFor(() => expect(rendered.map((r) => r.sitekey)).toEqual(['site-key-7']));
    expect(warn).not.toHaveBeenCalledWith(EMPTY_SITE_KEY);
    cleanup();

    const calls = mockApi({
      'GET /auth/context': anonymous,
      'GET /auth/recaptcha': () => ({ body: { enabled: false, sitekey: DEFAULT_RECAPTCHA_SITE_KEY } }),
      'POST /auth/password/restore': () => ({ body: {} }),
    });
    renderPortal('/password/restore', { signedIn: false });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/recaptcha')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await screen.findByText(/a link to set a new password is on its way/);
    expect(calls.find((c) => c.path === '/auth/password/restore')!.body).toEqual({ email: 'ann@example.com' });
    expect(rendered).toHaveLength(1);
  });
});
