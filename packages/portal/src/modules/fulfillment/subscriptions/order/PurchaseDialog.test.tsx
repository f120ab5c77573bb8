import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '@trellis/domain/fulfillment/request';
import { mockApi, VENDOR_CONTEXT, type Call } from '../../../../test-utils.tsx';
import { itemFixture, productFixture, PROVIDER, renderSignedIn } from '../../../catalog/common/testing.tsx';
import { listingFixture, marketplaceFixture } from '../../../distribution/common/testing.tsx';
import { listBody } from '../../../identity/testing.tsx';
import { assetFixture, CUSTOMER, param, PRODUCT, requestFixture, T1 } from '../directory/fixtures.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const P = PRODUCT.id;
const DRAFT = 'PR-1234-5678-9012-001';
const at = '2026-01-02T10:00:00Z';
const connection = {
  id: 'CT-123-456',
  type: 'production',
  status: 'active',
  provider: { id: PROVIDER.account.id, name: 'Demo Provider' },
  vendor: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  hub: { id: 'HB-1111-2222', name: 'EU hub' },
  product: { ...PRODUCT, version: 1 },
  created_at: at,
  note: null,
  product_version_type: 'latest',
  events: {},
};
const customer = {
  ...CUSTOMER,
  version: 1,
  type: 'customer',
  status: 'active',
  scopes: ['customer'],
  db: 'EU',
  external_uid: 'ext-c1',
  parent: { id: T1.id, name: T1.name, parent: null },
  owner: { id: PROVIDER.account.id, name: 'Demo Provider' },
  hub: null,
  environment: null,
  events: {},
};
const items = [
  { ...itemFixture, id: `${P}-0001`, name: 'Mailbox seat', display_name: 'Mailbox seat', mpn: 'MAIL-SEAT' },
  {
    ...itemFixture,
    id: `${P}-0003`,
    name: 'Storage GB',
    display_name: 'Storage GB',
    mpn: 'MAIL-GB',
    type: 'ppu',
    item_type: 'PPU',
  },
];
const EMAIL = param({
  id: 'admin_email',
  title: 'Administrator e-mail',
  type: 'email',
  constraints: { required: true },
});

/** The API of one purchase: the draft keeps the sent values; validate marks e-mails without '@' as the server would. */
function api({ withParams = true, draftBody = 'request' as 'request' | 'empty', purchaseRefused = false } = {}) {
  const params = withParams ? [EMAIL, param({ id: 'activation_code', phase: 'fulfillment' })] : [];
  let draft: Request = requestFixture({ id: DRAFT, status: 'draft', asset: assetFixture({ status: 'draft', params }) });
  const setValues = (c: Call) => {
    const sent = (c.body as { asset?: { params?: { id: string; value: string | null }[] } })?.asset?.params ?? [];
    const next = draft.asset.params.map((p) => {
      const v = sent.find((s) => s.id === p.id);
      const value = v ? v.value : p.value;
      const bad = p.type === 'email' && (!value || !value.includes('@'));
      return { ...p, value, value_error: bad ? (value ? 'E-mail must be valid' : 'This field is required') : '' };
    });
    draft = { ...draft, asset: { ...draft.asset, params: next } };
    return { body: draft };
  };
  return mockApi({
    'GET /products': () => listBody([{ ...productFixture, name: PRODUCT.name }]),
    [`GET /products/${P}/connections`]: () => listBody([connection]),
    'GET /listings': () => listBody([listingFixture({ product: { ...PRODUCT, short_description: '', version: 1 } })]),
    'GET /marketplaces/MP-12345': () => ({ body: marketplaceFixture() }),
    'GET /tier/accounts': () => listBody([customer]),
    [`GET /products/${P}/items`]: () => listBody(items),
    [`GET /products/${P}/parameters`]: () =>
      listBody(withParams ? [{ id: 'PRM-1', name: 'admin_email', phase: 'ordering', scope: 'asset' }] : []),
    'POST /requests': () => (draftBody === 'empty' ? { status: 201 } : { status: 201, body: draft }),
    [`POST /requests/${DRAFT}/validate`]: setValues,
    [`DELETE /requests/${DRAFT}`]: () => ({ status: 204 }),
    [`POST /requests/${DRAFT}/purchase`]: () =>
      purchaseRefused
        ? {
            status: 400,
            body: {
              error_code: 'VAL_001',
              errors: [
                'Some parameters are not valid.',
                'admin_email: This e-mail is already used by another subscription',
              ],
              fields: { admin_email: ['This e-mail is already used by another subscription'] },
              params: [{ id: 'admin_email', value_error: 'This e-mail is already used by another subscription' }],
            },
          }
        : { body: { ...draft, status: 'pending' } },
  });
}

async function choose(dialog: HTMLElement, label: RegExp, option: RegExp) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Product (its only connection and marketplace are taken), customer, 3 seats: up to the parameters step. */
async function fillOrder() {
  const dialog = await screen.findByRole('dialog', { name: 'New purchase' });
  await choose(dialog, /Product/, /Cloud Mail Pro/);
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /Connection/ }).textContent).toContain('EU hub'),
  );
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /Marketplace/ }).textContent).toContain('Provider Europe'),
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  await choose(dialog, /Customer/, /Fabrikam GmbH/);
  expect(within(dialog).getByText(`${T1.name} (${T1.id})`)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  const seats = await within(dialog).findByRole('textbox', { name: 'Quantity of Mailbox seat' });
  return { dialog, seats };
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

describe('new purchase', () => {
  it('needs a quantity, makes the draft when the parameters step opens, keeps the user on a value_error and submits after the fix', async () => {
    const calls = api();
    const onPlaced = vi.fn();
    renderSignedIn(<PurchaseDialog open onClose={() => {}} onPlaced={onPlaced} />, { context: PROVIDER });
    const { dialog, seats } = await fillOrder();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Enter a quantity above 0 for at least one item.')).toBeTruthy();
    fireEvent.change(seats, { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Only integers are allowed')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(seats, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const email = await within(dialog).findByRole('textbox', { name: /Administrator e-mail/ });
    expect(posts(calls)).toEqual(['/requests']);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      type: 'purchase',
      status: 'draft',
      asset: {
        product: { id: P },
        connection: { id: 'CT-123-456' },
        items: [
          { id: `${P}-0001`, quantity: '3' },
          { id: `${P}-0003`, quantity: '0' },
        ],
        tiers: { customer: { id: CUSTOMER.id }, tier1: { id: T1.id } },
      },
      marketplace: { id: 'MP-12345' },
    });
    expect(within(dialog).queryByRole('textbox', { name: /activation_code/ })).toBeNull(); // the vendor's parameter

    fireEvent.change(email, { target: { value: 'admin-at-fabrikam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByText('E-mail must be valid')).toBeTruthy();
    expect(posts(calls)).toEqual(['/requests', `/requests/${DRAFT}/validate`]);
    expect(calls.at(-1)!.body).toEqual({ asset: { params: [{ id: 'admin_email', value: 'admin-at-fabrikam' }] } });
    expect(onPlaced).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'admin@fabrikam.example' } });
    expect(within(dialog).queryByText('E-mail must be valid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ id: DRAFT, status: 'pending' })),
    );
    expect(posts(calls)).toEqual([
      '/requests',
      `/requests/${DRAFT}/validate`,
      `/requests/${DRAFT}/validate`,
      `/requests/${DRAFT}/purchase`,
    ]);
  });

  it('does not make a second draft when the user goes back and forth without changing the order', async () => {
    const calls = api();
    renderSignedIn(<PurchaseDialog open onClose={() => {}} onPlaced={() => {}} />, { context: PROVIDER });
    const { dialog, seats } = await fillOrder();
    fireEvent.change(seats, { target: { value: '3' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Administrator e-mail/ }), {
      target: { value: 'a@b.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const email = await within(dialog).findByRole('textbox', { name: /Administrator e-mail/ });
    expect((email as HTMLInputElement).value).toBe('a@b.example');
    expect(posts(calls)).toEqual(['/requests']);
  });

  it('makes a new draft when the order changed, deleting the abandoned one', async () => {
    const calls = api();
    renderSignedIn(<PurchaseDialog open onClose={() => {}} onPlaced={() => {}} />, { context: PROVIDER });
    const { dialog, seats } = await fillOrder();
    fireEvent.change(seats, { target: { value: '3' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('textbox', { name: /Administrator e-mail/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Quantity of Mailbox seat' }), {
      target: { value: '4' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(posts(calls)).toEqual(['/requests', '/requests']));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `/requests/${DRAFT}`)).toBe(true));
  });

  it('without ordering parameters makes no draft until the order is placed, then creates and purchases it', async () => {
    const calls = api({ withParams: false });
    const onPlaced = vi.fn();
    renderSignedIn(<PurchaseDialog open onClose={() => {}} onPlaced={onPlaced} />, { context: PROVIDER });
    const { dialog, seats } = await fillOrder();
    fireEvent.change(seats, { target: { value: '1' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/asks for no ordering parameters/)).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(posts(calls)).toEqual(['/requests', `/requests/${DRAFT}/purchase`]);
  });

  it('says "Empty request" when creating the request returns nothing', async () => {
    const calls = api({ withParams: false, draftBody: 'empty' });
    const onPlaced = vi.fn();
    renderSignedIn(<PurchaseDialog open onClose={() => {}} onPlaced={onPlaced} />, { context: PROVIDER });
    const { dialog, seats } = await fillOrder();
    fireEvent.change(seats, { target: { value: '1' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByText('Empty request')).toBeTruthy();
    expect(posts(calls)).toEqual(['/requests']);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('puts the messages of a refused purchase on their parameters', async () => {
    api({ purchaseRefused: true });
    const onPlaced = vi.fn();
    renderSignedIn(<PurchaseDialog open onClose={() => {}} onPlaced={onPlaced} />, { context: PROVIDER });
    const { dialog, seats } = await fillOrder();
    fireEvent.change(seats, { target: { value: '3' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Administrator e-mail/ }), {
      target: { value: 'a@b.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    const message = await within(dialog).findByText('This e-mail is already used by another subscription');
    expect(message.closest('[data-parameter-field]')?.getAttribute('data-parameter-field')).toBe('admin_email');
    expect(onPlaced).not.toHaveBeenCalled();
  });
});
