import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupProduct, ProductGroup } from '@trellis/domain/partners/catalog-group';
import { VENDOR_CONTEXT, mockApi, renderPortal } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = '2026-01-02T10:00:00Z';
const group: ProductGroup = {
  id: 'PG-111-222-333',
  name: 'Backup and mail',
  description: 'Data protection',
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  stats: { products: 1, agreements: 0, contracts: 0 },
  events: {
    created: { at, by: { id: 'UR-1', name: 'Vera Vendor' } },
    updated: { at, by: { id: 'UR-1', name: 'Vera Vendor' } },
  },
};
const backup: GroupProduct = {
  id: 'PRD-111-111-111',
  name: 'Cloud Backup Pro',
  status: 'published',
  description: 'Backups',
};
const mail: GroupProduct = {
  id: 'PRD-222-222-222',
  name: 'Secure Mail Suite',
  status: 'published',
  description: 'Mail',
};
const GROUP = `/catalog/groups/${group.id}`;

/** The API of one group whose products change with the calls, as the server's would. */
function api(opts: { refuse?: string } = {}) {
  let products = [backup];
  const calls = mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET ${GROUP}`]: () => ({ body: { ...group, stats: { ...group.stats, products: products.length } } }),
    [`GET ${GROUP}/products`]: () => listBody(products),
    'GET /products': () => listBody([backup, mail]),
    [`POST ${GROUP}/products`]: (call) => {
      if (opts.refuse) return { status: 400, body: { error_code: 'VAL_001', errors: [opts.refuse] } };
      const added = [backup, mail].find((p) => p.id === (call.body as { id: string }).id)!;
      products = [...products, added];
      return { status: 201, body: added };
    },
    [`DELETE ${GROUP}/products/${backup.id}`]: () => {
      products = products.filter((p) => p.id !== backup.id);
      return { status: 204 };
    },
  });
  return calls;
}

/** The products table, once the page (loaded lazily) shows it. */
// a slow machine takes seconds to load the page's chunks the first time
const productsTable = () => screen.findByRole('table', { name: 'Product' }, { timeout: 15_000 });
const rows = () =>
  within(screen.getByRole('table', { name: 'Product' }))
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);

async function pick(name: RegExp) {
  const input = await screen.findByLabelText('Add a product');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: 'mail' } });
  fireEvent.click(await screen.findByRole('option', { name }));
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('catalog group details, products tab', () => {
  it('adds a product from the picker, which offers only products not in the group yet', async () => {
    const calls = api();
    renderPortal(`/partners/groups/${group.id}?tab=products`);
    await productsTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Backup and mail' })).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual(['Cloud Backup Pro']));

    const input = screen.getByLabelText('Add a product');
    fireEvent.mouseDown(input);
    await screen.findByRole('option', { name: /Secure Mail Suite/ });
    expect(screen.queryByRole('option', { name: /Cloud Backup Pro/ })).toBeNull();
    fireEvent.keyDown(input, { key: 'Escape' });

    await pick(/Secure Mail Suite/);
    await waitFor(() => expect(rows()).toEqual(['Cloud Backup Pro', 'Secure Mail Suite']));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ id: mail.id });
    // the picker searches the products the user can see as it types
    expect(calls.some((c) => c.path === '/products' && c.query.includes('search=mail'))).toBe(true);
  });

  it("shows the server's reason when a product cannot be added", async () => {
    const message = `id: product ${mail.id} is not one of your products.`;
    api({ refuse: message });
    renderPortal(`/partners/groups/${group.id}?tab=products`);
    await productsTable();
    await waitFor(() => expect(rows()).toEqual(['Cloud Backup Pro']));
    await pick(/Secure Mail Suite/);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(rows()).toEqual(['Cloud Backup Pro']);
  });

  it('removes a product only after the confirmation', async () => {
    const calls = api();
    renderPortal(`/partners/groups/${group.id}?tab=products`);
    await productsTable();
    await waitFor(() => expect(rows()).toEqual(['Cloud Backup Pro']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cloud Backup Pro from the group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove product' });
    expect(dialog.textContent).toContain('Remove Cloud Backup Pro from Backup and mail?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cloud Backup Pro from the group' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove product' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryAllByRole('row').length).toBeLessThan(2));
  });
});
