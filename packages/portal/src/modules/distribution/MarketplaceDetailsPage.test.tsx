import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Marketplace } from '@trellis/domain/distribution/marketplace';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import type { AuthContext } from '../../app/session/types.ts';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { marketplaceFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NO_COUNTRY = 'This Marketplace is not configured properly (no country assigned). Please contact support.';

function api(context: AuthContext, marketplace: Marketplace) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET /marketplaces/${marketplace.id}`]: () => ({ body: marketplace }),
    'GET /marketplaces': () => listBody([marketplace]),
    'GET /listings': () => listBody([]),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;

describe('marketplaces', () => {
  it('shows the exact §8 message for a marketplace without a country, on its page and in the list', async () => {
    api(VENDOR_CONTEXT, marketplaceFixture({ countries: [] }));
    const { unmount } = renderPortal('/marketplaces/MP-12345');
    await screen.findByRole('heading', { level: 1, name: 'Provider Europe' });
    expect(screen.getByTestId('no-country').textContent).toBe(NO_COUNTRY);
    unmount();

    renderPortal('/marketplaces');
    const row = (await screen.findByText('Provider Europe')).closest('tr')!;
    expect(within(row).getByLabelText(NO_COUNTRY)).toBeTruthy();
  });

  it('shows countries as chips and no warning when the marketplace has some', async () => {
    api(VENDOR_CONTEXT, marketplaceFixture());
    renderPortal('/marketplaces/MP-12345');
    expect(await screen.findByText('Germany')).toBeTruthy();
    expect(screen.getByText('France')).toBeTruthy();
    expect(screen.queryByText(NO_COUNTRY)).toBeNull();
  });

  it('lets only the owner edit, delete and upload an icon', async () => {
    api(VENDOR_CONTEXT, marketplaceFixture());
    const { unmount } = renderPortal('/marketplaces/MP-12345');
    await screen.findByText('Germany');
    expect(within(header()).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByText('Upload icon')).toBeNull();
    unmount();

    api(PROVIDER, marketplaceFixture());
    renderPortal('/marketplaces/MP-12345');
    await screen.findByText('Germany');
    expect(within(header()).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByText('Upload icon')).toBeTruthy();
  });
});
