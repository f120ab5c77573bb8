import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES } from '../../components/AccountForm/testing.ts';
import { mockApi, renderPortal } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { bakery, bakeryV1 } from './testing.ts';
import { versionChanges } from './versionChanges.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api() {
  let current = bakery;
  const calls = mockApi({
    'GET /auth/context': () => ({ body: PROVIDER }),
    'GET /countries': () => listBody(COUNTRIES),
    [`GET /tier/accounts/${bakery.id}`]: () => ({ body: current }),
    [`GET /tier/accounts/${bakery.id}/versions`]: () =>
      listBody([current, bakeryV1].filter((v, i, all) => all.findIndex((x) => x.version === v.version) === i)),
    [`DELETE /tier/accounts/${bakery.id}`]: () => {
      current = { ...bakery, status: 'decommissioned', version: 3 };
      return { body: current };
    },
  });
  return calls;
}

describe('customer details', () => {
  it('shows the account, its contact and address, and what each version changed', async () => {
    api();
    renderPortal(`/customers/directory/${bakery.id}?tab=versions`);
    const versions = await screen.findByRole('table', { name: 'Versions' });
    await waitFor(() => expect(within(versions).getAllByRole('row')).toHaveLength(3));
    const [, v2, v1] = within(versions).getAllByRole('row');
    expect(v2.textContent).toContain('Address line 1: 118 Harbor Street → 250 Atlantic Avenue');
    expect(v1.textContent).toContain('Created');

    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(await screen.findByText(/250 Atlantic Avenue/)).toBeTruthy();
    // the country's name comes with the countries list, which may answer after the customer
    expect(await screen.findByText(/United States/)).toBeTruthy();
    expect(screen.getByText(/\+1 617 4567890/)).toBeTruthy();
    expect(screen.getByText('None (direct)')).toBeTruthy();
  });

  it('decommissions after a confirmation and then offers no more changes', async () => {
    const calls = api();
    renderPortal(`/customers/directory/${bakery.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Decommission' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decommission customer' });
    expect(confirm.textContent).toContain('Harbor Street Bakery');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decommission' }));
    await waitFor(() =>
      expect(screen.getByRole('main').textContent).toContain('Customer Harbor Street Bakery was decommissioned.'),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Decommission' })).toBeNull();
  });
});

describe('version changes', () => {
  it('lists the fields that differ, empty values as empty strings', () => {
    const after = {
      ...bakery,
      tax_id: 'US-1',
      contact_info: {
        ...bakery.contact_info,
        contact: {
          ...bakery.contact_info.contact,
          phone_number: { ...bakery.contact_info.contact.phone_number, extension: '12' },
        },
      },
    };
    expect(versionChanges(bakery, after)).toEqual([
      { field: 'Tax ID', before: '', after: 'US-1' },
      { field: 'Phone', before: '+1 617 4567890', after: '+1 617 4567890 ext. 12' },
    ]);
    expect(versionChanges(bakery, { ...bakery, status: 'decommissioned' })).toEqual([
      { field: 'Status', before: 'Active', after: 'Decommissioned' },
    ]);
  });
});
