import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Domain } from '@trellis/domain/identity/domain';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';

// The domain page: the record to publish while the domain is unproven, the outcome of the last check, and what
// Verify and Try again offer in each status.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const AT = '2026-01-02T03:04:05Z';
const by = { id: 'UR-100-200-300', name: 'Vera Vendor' };
const pending: Domain = {
  id: 'DO-100-200-300',
  name: 'example.com',
  domain: 'example.com',
  description: '',
  type: 'custom',
  token: 'abc123',
  verification: { name: '_trellis-verification.example.com', type: 'TXT', value: 'trellis-verification=abc123' },
  status: 'pending',
  owner: { id: 'VA-100-200', name: 'Demo Vendor' },
  events: { created: { at: AT, by }, updated: { at: AT, by } },
};
const failed: Domain = {
  ...pending,
  status: 'failed',
  events: { ...pending.events, failed: { at: AT, by, reason: 'The name does not exist in DNS (NXDOMAIN).' } },
};
const URL = `/settings/users/domains/${pending.id}`;

function open(domain: Domain, extra: Record<string, () => { body: unknown; status?: number }> = {}) {
  mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET /domains/${domain.id}`]: () => ({ body: domain }),
    ...extra,
  });
  renderPortal(URL);
}

describe('domain page', () => {
  it('shows the record to publish, each part copyable, and offers Verify while pending', async () => {
    open(pending);
    expect(await screen.findByText('Publish this DNS record, then verify')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      '_trellis-verification.example.com',
    );
    expect((screen.getByRole('textbox', { name: 'Type' }) as HTMLInputElement).value).toBe('TXT');
    expect((screen.getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe(
      'trellis-verification=abc123',
    );
    expect(screen.getByRole('button', { name: 'Copy Value' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a failed check shows its reason and offers Try again, not Verify (failed is concluded)', async () => {
    open(failed);
    expect(await screen.findByText('The last check failed')).toBeTruthy();
    expect(screen.getByText('The name does not exist in DNS (NXDOMAIN).')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('a verified domain shows no record to publish and no verification action', async () => {
    open({ ...pending, status: 'verified', events: { ...pending.events, verified: { at: AT, by } } });
    expect(await screen.findByText('example.com is verified: the account owns it.')).toBeTruthy();
    expect(screen.queryByText('Publish this DNS record, then verify')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('Verify that fails says so as an error, then shows the reason', async () => {
    let current: Domain = pending;
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /domains/${pending.id}`]: () => ({ body: current }),
      [`POST /domains/${pending.id}/verify`]: () => {
        current = failed;
        return { body: failed };
      },
    });
    renderPortal(URL);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The verification of example.com failed.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('The name does not exist in DNS (NXDOMAIN).')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.path === `/domains/${pending.id}/verify`)).toBe(true);
  });
});
