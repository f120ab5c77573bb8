import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES } from '../../components/AccountForm/testing.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../settings/testing.tsx';
import { bakery, reseller } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const customer = { ...bakery, parent: { id: reseller.id, name: reseller.name, external_id: reseller.external_id, parent: null } };

function api(context = PROVIDER) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /countries': () => listBody(COUNTRIES),
    'GET /tier/accounts': (c) => listBody(c.query.includes('eq(type,reseller)') ? [reseller] : [customer]),
  });
}

describe('customers list', () => {
  it('lists the customers with tier and parent, and the resellers on their own tab', async () => {
    const calls = api();
    renderPortal('/customers');
    const table = await screen.findByRole('table', { name: 'Customer' });
    const row = (await within(table).findByText('Harbor Street Bakery')).closest('tr')!;
    expect(row.textContent).toContain(bakery.id);
    expect(row.textContent).toContain('HARBOR-BAKERY');
    expect(row.textContent).toContain('Customer');
    expect(row.textContent).toContain('Alpine IT Partners');
    expect(calls.find((c) => c.path === '/tier/accounts')!.query).toContain('eq(scopes,customer)');
    expect(screen.getByRole('button', { name: 'Create customer' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Resellers (T1 / T2)' }));
    const resellers = await screen.findByRole('table', { name: 'Reseller' });
    expect((await within(resellers).findByText('Alpine IT Partners')).closest('tr')!.textContent).toContain('T1 reseller');
    expect(screen.getByRole('button', { name: 'Create reseller' })).toBeTruthy();
  });

  it('opens the create dialog with the account form', async () => {
    api();
    renderPortal('/customers');
    fireEvent.click(await screen.findByRole('button', { name: 'Create customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Contact' })).toBeTruthy());
  });

  it('is not offered to a vendor', async () => {
    api(VENDOR_CONTEXT);
    renderPortal('/customers');
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create customer' })).toBeNull();
  });
});
