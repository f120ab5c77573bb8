import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const BRAND = {
  id: 'BR-100-200',
  name: 'Acme Cloud',
  subdomain: 'acme',
  owner: { id: 'VA-100-200', name: 'Demo Vendor' },
  events: {},
};

describe('Settings › Branding › Portals', () => {
  it('offers to create the brand when the account has none, with the spec messages on its fields', async () => {
    let brands: object[] = [];
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /brands': () => listBody(brands),
      'POST /brands': (c) => {
        brands = [{ ...BRAND, ...(c.body as object) }];
        return { status: 201, body: brands[0] };
      },
      [`GET /brands/${BRAND.id}/portals`]: () => listBody([]),
    });
    renderPortal('/settings/branding');
    fireEvent.click(await screen.findByRole('button', { name: 'Create brand' }));
    const dialog = screen.getByRole('dialog', { name: 'Create brand' });
    fireEvent.change(within(dialog).getByLabelText(/^Subdomain/), { target: { value: 'not a label' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Wrong Subdomain format')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Acme Cloud' } });
    fireEvent.change(within(dialog).getByLabelText(/^Subdomain/), { target: { value: 'acme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Acme Cloud', subdomain: 'acme' }),
    );
    expect(await screen.findByText('Brand BR-100-200 · subdomain acme')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add portal' })).toBeTruthy();
  });

  it("lists the brand's portals with the brand's name where a portal has no title", async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /brands': () => listBody([BRAND]),
      [`GET /brands/${BRAND.id}/portals`]: () =>
        listBody([
          { id: 'PO-1', domains: 'portal.acme.test', type: 'vendor', title: 'Acme Partners', events: {} },
          { id: 'PO-2', domains: 'old.acme.test', type: 'vendor', replaced_by: 'portal.acme.test', events: {} },
        ]),
    });
    renderPortal('/settings/branding/portals');
    const row = (await screen.findByText('old.acme.test')).closest('tr')!;
    expect(within(row).getByText('Acme Cloud')).toBeTruthy();
    expect(within(row).getByText('portal.acme.test')).toBeTruthy();
  });
});
