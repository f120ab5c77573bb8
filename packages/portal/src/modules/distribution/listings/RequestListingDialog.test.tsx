import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { productFixture, renderSignedIn } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { marketplaceFixture, requestFixture } from '../common/testing.tsx';
import { RequestListingDialog } from './RequestListingDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_COUNTRY = 'This Marketplace is not configured properly (no country assigned). Please contact support.';

function api() {
  return mockApi({
    'GET /products': () => listBody([productFixture]),
    'GET /marketplaces': () =>
      listBody([marketplaceFixture(), marketplaceFixture({ id: 'MP-00001', name: 'Unfinished', countries: [] })]),
    'POST /listing-requests': () => ({ status: 201, body: requestFixture() }),
  });
}

async function choose(dialog: HTMLElement, label: RegExp, option: RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('request listing', () => {
  it("asks only for the vendor's published products and needs a product and a marketplace", async () => {
    const calls = api();
    renderSignedIn(<RequestListingDialog open onClose={() => {}} onCreated={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request listing' });
    await waitFor(() => expect(calls.some((c) => c.path === '/products')).toBe(true));
    expect(calls.find((c) => c.path === '/products')!.query).toContain('in(status,(published,endofsale))');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a `new` request for the chosen product and marketplace, warning about a marketplace without a country', async () => {
    const calls = api();
    const onCreated = vi.fn();
    renderSignedIn(<RequestListingDialog open onClose={() => {}} onCreated={onCreated} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request listing' });
    await choose(dialog, /Product/, /^Cloud Backup \(PRD-111-222-333\)/);
    await choose(dialog, /Marketplace/, /^Unfinished/);
    expect(within(dialog).getByText(NO_COUNTRY)).toBeTruthy();
    await choose(dialog, /Marketplace/, /^Provider Europe/);
    expect(within(dialog).queryByText(NO_COUNTRY)).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), { target: { value: 'Please list it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'LSTR-123-456' })));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      type: 'new',
      product_id: 'PRD-111-222-333',
      marketplace_id: 'MP-12345',
      note: 'Please list it',
    });
  });
});
