import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '@trellis/domain/distribution/partner';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { listingFixture, partnerFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/partners/${PROVIDER.account.id}`;
/** The page's address (the API's path is PATH). */
const PAGE = `/partners/directory/${PROVIDER.account.id}`;

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
    renderPortal(PAGE);
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
    renderPortal(PAGE);
    await screen.findByText(/^Invited by you/);
    expect(within(header()).queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('asks before removing an active partner', async () => {
    const calls = api(partnerFixture({ status: 'active' }));
    renderPortal(PAGE);
    await screen.findByText(/^Invited you/);
    fireEvent.click(within(header()).getByRole('button', { name: 'Remove partner' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove partner' });
    expect(calls.some((c) => c.path === `${PATH}/remove`)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove partner' }));
    expect(await screen.findByText('Demo Provider is no longer a partner.')).toBeTruthy();
    await waitFor(() => expect(within(header()).getByText('Removed')).toBeTruthy());
  });
});

describe('partner tabs', () => {
  it('shows the listings tab after the catalogue tab (each tab its own table)', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET ${PATH}`]: () => ({ body: partnerFixture({ status: 'active' }) }),
      [`GET ${PATH}/products`]: () =>
        listBody([
          {
            id: 'PRD-111-222-333',
            name: 'Cloud Backup',
            version: 2,
            category: { id: 'CAT-1', name: 'Storage' },
            short_description: 'Backups',
          },
        ]),
      'GET /listings': () => listBody([listingFixture()]),
    });
    renderPortal(`${PAGE}?tab=catalogue`);
    const catalogue = await screen.findByRole('table', { name: 'Product' });
    expect(await within(catalogue).findByText('Storage')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Listings' }));
    const listings = await screen.findByRole('table', { name: 'Listing' });
    const row = (await within(listings).findByText('Provider Europe')).closest('tr')!;
    expect(within(row).getByText('Cloud Backup')).toBeTruthy();
    expect(within(row).getByText('Listed')).toBeTruthy();
    expect(within(row).getByText('Demo Provider')).toBeTruthy();
  });
});
