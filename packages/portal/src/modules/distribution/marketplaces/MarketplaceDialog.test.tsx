import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { PROVIDER, renderSignedIn } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { marketplaceFixture } from '../common/testing.tsx';
import { MarketplaceDialog } from './MarketplaceDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COUNTRIES = [
  { id: 'AT', name: 'Austria', icon: null, prefix: '+43' },
  { id: 'DE', name: 'Germany', icon: null, prefix: '+49' },
  { id: 'FR', name: 'France', icon: null, prefix: '+33' },
];
const HUBS = [{ id: 'HB-1111-2222', name: 'EU hub' }];

function api() {
  return mockApi({
    'GET /countries': () => listBody(COUNTRIES),
    'GET /hubs': () => listBody(HUBS),
    'POST /marketplaces': (c) => ({ status: 201, body: marketplaceFixture({ ...(c.body as object), id: 'MP-99999' }) }),
    'PUT /marketplaces/MP-12345': (c) => ({ body: marketplaceFixture(c.body as object) }),
  });
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  const input = within(dialog).getByRole('combobox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('marketplace form', () => {
  it('needs a name, then creates the marketplace with the countries picked from /countries and the currency', async () => {
    const calls = api();
    const onSaved = vi.fn();
    renderSignedIn(<MarketplaceDialog open onClose={() => {}} onSaved={onSaved} />, { context: PROVIDER });
    const dialog = await screen.findByRole('dialog', { name: 'Create marketplace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Alps' } });
    await pick(dialog, 'Countries', 'Austria');
    await pick(dialog, 'Countries', 'Germany');
    await pick(dialog, 'Currency', 'EUR');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Alps',
      description: null,
      zone: null,
      countries: [{ id: 'AT' }, { id: 'DE' }],
      currency: 'EUR',
      hubs: [],
    });
  });

  it('edits a marketplace keeping the external id its hub knows it by', async () => {
    const calls = api();
    const onSaved = vi.fn();
    renderSignedIn(<MarketplaceDialog open marketplace={marketplaceFixture()} onClose={() => {}} onSaved={onSaved} />, {
      context: PROVIDER,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit marketplace' });
    expect(within(dialog).getByRole('button', { name: 'Germany' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      countries: [{ id: 'DE' }, { id: 'FR' }],
      currency: 'EUR',
      zone: 'EU',
      hubs: [{ hub: { id: 'HB-1111-2222' }, external_id: 'EU-1' }],
    });
  });
});
