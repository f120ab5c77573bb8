import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import type { AuthContext } from '../../app/session/types.ts';
import { listBody } from '../identity/testing.tsx';
// the page loads lazily in the portal: load it before the clock of the first assertion starts
import './ProductPage.tsx';
import { itemFixture, PRODUCT_ID, productFixture, PROVIDER, versionFixture } from './common/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api(context: AuthContext) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET /products/${PRODUCT_ID}`]: () => ({ body: productFixture }),
    [`GET /products/${PRODUCT_ID}/versions`]: () =>
      listBody([versionFixture(2, 'ready', true), versionFixture(1, 'ready')]),
    [`GET /products/${PRODUCT_ID}/versions/1`]: () => ({ body: versionFixture(1, 'ready') }),
    [`GET /products/${PRODUCT_ID}/items`]: () => listBody([itemFixture]),
    [`GET /products/${PRODUCT_ID}/versions/1/items`]: () => listBody([itemFixture]),
    'GET /categories': () => listBody([]),
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;

describe('product page', () => {
  it('shows the owning vendor the status, the master version and the write actions, without a read-only banner', async () => {
    api(VENDOR_CONTEXT);
    renderPortal(`/products/${PRODUCT_ID}/items`);
    expect(await screen.findByText(`${PRODUCT_ID}-0001`)).toBeTruthy();
    expect(within(header()).getByText('Published')).toBeTruthy();
    expect(within(header()).getByText('Master version 2')).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'End of sale' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Build version' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create item' })).toBeTruthy();
    // a published product is not deleted (only drafts are): the machine's rule, as the API applies it
    expect(within(header()).queryByRole('button', { name: 'Delete' })).toBeNull();
    // the item's own actions are on its page, which its row opens
    expect(screen.getAllByRole('cell', { name: 'Backup 100 GB' }).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('read-only-banner')).toBeNull();
  });

  it('shows a provider the read-only banner and hides every write action', async () => {
    api(PROVIDER);
    renderPortal(`/products/${PRODUCT_ID}/items`);
    expect(await screen.findByText(`${PRODUCT_ID}-0001`)).toBeTruthy();
    expect(screen.getByTestId('read-only-banner').textContent).toContain(
      'This product belongs to Demo Vendor: you see it read-only.',
    );
    await waitFor(() => expect(within(header()).getByText('Master version 2')).toBeTruthy());
    for (const name of ['End of sale', 'Build version', 'Delete', 'Resume sale']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Create item' })).toBeNull();
  });

  it('shows the provider the general tab as a read-out, not a form', async () => {
    api(PROVIDER);
    renderPortal(`/products/${PRODUCT_ID}/general`);
    expect(await screen.findByText('Backups')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Name/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText('Upload icon')).toBeNull();
  });

  it('reads a built version from its frozen copy, read-only even for the vendor, with the way back to the latest catalogue', async () => {
    const calls = api(VENDOR_CONTEXT);
    renderPortal(`/products/${PRODUCT_ID}/items?version=1`);
    expect(await screen.findByText(`${PRODUCT_ID}-0001`)).toBeTruthy();
    expect(calls.some((c) => c.path === `/products/${PRODUCT_ID}/versions/1/items`)).toBe(true);
    expect(calls.some((c) => c.path === `/products/${PRODUCT_ID}/items`)).toBe(false);
    const banner = screen.getByTestId('read-only-banner');
    expect(banner.textContent).toContain('You are viewing version 1, a frozen copy of the catalogue: it is read-only.');
    expect(within(banner).getByRole('link', { name: 'Latest catalogue' }).getAttribute('href')).toBe(
      `/products/${PRODUCT_ID}/items`,
    );
    expect(screen.queryByRole('button', { name: 'Create item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Build version' })).toBeNull();
    // Tabs stay on the version.
    expect(screen.getByRole('tab', { name: 'Item groups' }).getAttribute('href')).toBe(
      `/products/${PRODUCT_ID}/groups?version=1`,
    );
  });

  it("offers its vendor the product's usage template when the product has a pay-per-use item", async () => {
    const ppu = { ...itemFixture, id: `${PRODUCT_ID}-0002`, type: 'ppu', name: 'Extra storage' };
    const items = (metered: boolean) =>
      mockApi({
        'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
        [`GET /products/${PRODUCT_ID}`]: () => ({ body: productFixture }),
        [`GET /products/${PRODUCT_ID}/versions`]: () => listBody([versionFixture(2, 'ready', true)]),
        [`GET /products/${PRODUCT_ID}/items`]: (c) =>
          listBody(c.query.includes('eq(type,ppu)') ? (metered ? [ppu] : []) : [itemFixture, ppu]),
        'GET /categories': () => listBody([]),
      });
    const calls = items(true);
    renderPortal(`/products/${PRODUCT_ID}/items`);
    expect(await screen.findByRole('button', { name: 'Usage template' })).toBeTruthy();
    expect(calls.some((c) => c.query.includes('eq(type,ppu)'))).toBe(true);
    cleanup();

    items(false);
    renderPortal(`/products/${PRODUCT_ID}/items`);
    expect(await screen.findByText(`${PRODUCT_ID}-0001`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Usage template' })).toBeNull();
    cleanup();

    // a provider reports no usage of another's product
    api(PROVIDER);
    renderPortal(`/products/${PRODUCT_ID}/items`);
    expect(await screen.findByText(`${PRODUCT_ID}-0001`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Usage template' })).toBeNull();
  });
});
