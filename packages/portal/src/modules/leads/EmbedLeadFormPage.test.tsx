import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND } from '@trellis/domain/branding/constants';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { mockApi, renderPortal } from '../../test-utils.tsx';

// The public lead form of a listing (/embed/leads/:listingId): no login and no shell; the listing's active form in the
// host's brand, checked as typed, sent to the public embed endpoint, then a thank-you.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });
const FORM = {
  id: 'LFM-123-456-789',
  listing_id: 'LST-111-222-333',
  product: { id: 'PRD-111-222-333', name: 'Secure Mail Suite' },
  vendor: { name: 'Demo Vendor' },
  schema: {
    fields: [
      { name: 'name', title: 'Name', type: 'text', constraints: { required: true } },
      { name: 'email', title: 'E-mail', type: 'email', constraints: { required: true } },
      { name: 'company', title: 'Company', type: 'text', constraints: {} },
    ],
  },
};
const URL = '/embed/leads/LST-111-222-333';
const api = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /auth/context': anonymous,
    'GET /auth/recaptcha': () => ({ body: { enabled: false } }),
    'GET /embed/leads/listings/LST-111-222-333/form': () => ({ body: FORM }),
    ...extra,
  });
const type = async (label: RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('public lead form page', () => {
  it("shows the listing's form in the host's brand, without a login, and thanks the visitor after sending", async () => {
    const calls = api({
      'POST /embed/leads/listings/LST-111-222-333/leads': () => ({ status: 201, body: { id: 'LD-1111-2222-3333' } }),
    });
    renderPortal(URL, { signedIn: false, brand: { ...DEFAULT_BRAND, title: 'Acme Cloud Market' } });
    expect(await screen.findByRole('heading', { name: 'Ask about Secure Mail Suite' })).toBeTruthy();
    expect(screen.getByText('Acme Cloud Market')).toBeTruthy();
    expect(screen.getByText('Demo Vendor will get back to you.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    await type(/^Name/, 'Jonathan Rios');
    await type(/^E-mail/, 'jonathan@rios.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('on its way to Demo Vendor');
    const sent = calls.find((c) => c.method === 'POST')!;
    // empty answers are left out; no reCAPTCHA answer while the server checks none
    expect(sent.body).toEqual({ data: { name: 'Jonathan Rios', email: 'jonathan@rios.example' } });
  });

  it('checks the answers with the shared messages before sending anything', async () => {
    const calls = api();
    renderPortal(URL, { signedIn: false });
    await screen.findByRole('heading', { name: 'Ask about Secure Mail Suite' });
    await type(/^E-mail/, 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's refusals on their fields, and a throttle or other refusal above the form", async () => {
    let answer = {
      status: 400,
      body: {
        error_code: 'VAL_001',
        errors: ['data.company: Input must be at most 128 characters'],
        fields: { 'data.company': ['Input must be at most 128 characters'] },
      },
    };
    api({ 'POST /embed/leads/listings/LST-111-222-333/leads': () => answer });
    renderPortal(URL, { signedIn: false });
    await type(/^Name/, 'A');
    await type(/^E-mail/, 'a@b.example');
    await type(/^Company/, 'C');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Input must be at most 128 characters')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted answers.');
    answer = {
      status: 429,
      body: { error_code: 'THR_001', errors: ['Too many requests. Try again in 15 minutes.'] },
    } as typeof answer;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 15 minutes.'),
    );
  });

  it('says the form is not available for an unknown listing or an inactive form', async () => {
    mockApi({ 'GET /auth/context': anonymous, 'GET /auth/recaptcha': () => ({ body: { enabled: false } }) });
    renderPortal('/embed/leads/LST-000-000-000', { signedIn: false });
    expect((await screen.findByRole('alert')).textContent).toBe('This contact form is not available (any more).');
  });
});
