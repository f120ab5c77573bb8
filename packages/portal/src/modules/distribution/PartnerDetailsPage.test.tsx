import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '@trellis/domain/distribution/partner';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { partnerFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/partners/${PROVIDER.account.id}`;

function api(partner: Partner) {
  let current = partner;
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET ${PATH}`]: () => ({ body: current }),
    [`POST ${PATH}/accept`]: () => {
      current = { ...current, status: 'active' };
      return { body: current };
    },
    [`POST ${PATH}/remove`]: () => {
      current = { ...current, status: 'removed' };
      return { body: current };
    },
    [`GET ${PATH}/products`]: () => listBody([]),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;

describe('partner details', () => {
  it('lets the invited side accept the invitation', async () => {
    const calls = api(partnerFixture());
    renderPortal(`/partners/${PROVIDER.account.id}`);
    await screen.findByText(/^Invited you, /);
    fireEvent.click(within(header()).getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You are now partners with Demo Provider.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PATH}/accept`)).toBe(true);
  });

  it('does not offer the inviting side to accept its own invitation', async () => {
    api(
      partnerFixture({
        invitation: { by: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' }, at: '2026-01-02T10:00:00Z' },
      }),
    );
    renderPortal(`/partners/${PROVIDER.account.id}`);
    await screen.findByText(/^Invited by you/);
    expect(within(header()).queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('asks before removing an active partner', async () => {
    const calls = api(partnerFixture({ status: 'active' }));
    renderPortal(`/partners/${PROVIDER.account.id}`);
    await screen.findByText(/^Invited you/);
    fireEvent.click(within(header()).getByRole('button', { name: 'Remove partner' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove partner' });
    expect(calls.some((c) => c.path === `${PATH}/remove`)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove partner' }));
    expect(await screen.findByText('Demo Provider is no longer a partner.')).toBeTruthy();
    await waitFor(() => expect(within(header()).getByText('Removed')).toBeTruthy());
  });
});
