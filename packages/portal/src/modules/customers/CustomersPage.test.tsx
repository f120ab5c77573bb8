import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES } from '../../components/AccountForm/testing.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { bakery, reseller, tarFixture } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const customer = {
  ...bakery,
  parent: { id: reseller.id, name: reseller.name, external_id: reseller.external_id, parent: null },
};

function api(context = PROVIDER) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    'GET /countries': () => listBody(COUNTRIES),
    'GET /tier/accounts': (c) => listBody(c.query.includes('eq(type,reseller)') ? [reseller] : [customer]),
    'GET /tier/account-requests': () => listBody([tarFixture()]),
  });
}

describe('customers list', () => {
  it('lists the customers with tier and parent, and the resellers in their own view', async () => {
    const calls = api();
    const { router } = renderPortal('/customers');
    const table = await screen.findByRole('table', { name: 'Customer' });
    expect(router.state.location.pathname).toBe('/customers/directory');
    const row = (await within(table).findByText('Harbor Street Bakery')).closest('tr')!;
    expect(row.textContent).toContain(bakery.id);
    expect(row.textContent).toContain('HARBOR-BAKERY');
    expect(row.textContent).toContain('Customer');
    expect(row.textContent).toContain('Alpine IT Partners');
    expect(calls.find((c) => c.path === '/tier/accounts')!.query).toContain('eq(scopes,customer)');
    expect(screen.getByRole('button', { name: 'Create customer' })).toBeTruthy();
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/directory/${bakery.id}`));
  });

  it('shows the resellers in their own view, with "Create reseller"', async () => {
    api();
    renderPortal('/customers');
    fireEvent.click(await screen.findByRole('button', { name: 'Resellers (T1 / T2)' }));
    const resellers = await screen.findByRole('table', { name: 'Reseller' });
    expect((await within(resellers).findByText('Alpine IT Partners')).closest('tr')!.textContent).toContain(
      'T1 reseller',
    );
    expect(screen.getByRole('button', { name: 'Create reseller' })).toBeTruthy();
  });

  it('opens the create dialog with the account form', async () => {
    api();
    renderPortal('/customers');
    fireEvent.click(await screen.findByRole('button', { name: 'Create customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Contact' })).toBeTruthy());
  });

  it('shows a vendor the customers of its subscriptions read-only', async () => {
    api(VENDOR_CONTEXT);
    renderPortal('/customers');
    const table = await screen.findByRole('table', { name: 'Customer' });
    expect(await within(table).findByText('Harbor Street Bakery')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create customer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resellers (T1 / T2)' }));
    expect(await screen.findByRole('table', { name: 'Reseller' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create reseller' })).toBeNull();
  });

  it('lists the tier account requests with account, version, product and provider; a row opens the request', async () => {
    api(VENDOR_CONTEXT);
    const { router } = renderPortal('/customers');
    fireEvent.click(await screen.findByRole('tab', { name: 'Tier account requests' }));
    const table = await screen.findByRole('table', { name: 'Tier account request' });
    const row = (await within(table).findByText('TAR-1000-2000-3000-001')).closest('tr')!;
    expect(row.textContent).toContain('Harbor Street Bakery');
    expect(row.textContent).toContain('Cloud Backup');
    expect(row.textContent).toContain('Demo Provider');
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Create (customer|reseller)$/ })).toBeNull();
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/requests/TAR-1000-2000-3000-001'));
  });
});
