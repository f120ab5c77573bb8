import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES, field, messageOf, VALID } from '../../components/AccountForm/testing.ts';
import { mockApi } from '../../test-utils.tsx';
import { PROVIDER, renderSignedIn } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { bakery, reseller } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; body?: unknown };

function api(answer: (body: Record<string, unknown>) => Answer) {
  return mockApi({
    'GET /countries': () => listBody(COUNTRIES),
    'GET /tier/accounts': () => listBody([reseller]),
    'POST /tier/accounts': (c) => answer(c.body as Record<string, unknown>),
    [`PUT /tier/accounts/${bakery.id}`]: (c) => answer(c.body as Record<string, unknown>),
  });
}

async function fill(dialog: HTMLElement) {
  await waitFor(() => expect(within(dialog).getAllByRole('option', { name: 'Germany' }).length).toBe(1));
  for (const [label, value] of Object.entries(VALID)) fireEvent.change(field(dialog, label), { target: { value } });
  fireEvent.change(field(dialog, 'Country'), { target: { value: 'DE' } });
}

describe('customer dialog', () => {
  it('creates a customer under the chosen reseller, sending the API shape', async () => {
    const calls = api((b) => ({ status: 201, body: { ...bakery, ...b, id: 'TA-9' } }));
    const onSaved = vi.fn();
    renderSignedIn(<CustomerDialog open onClose={() => {}} onSaved={onSaved} />, { context: PROVIDER });
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    await fill(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: /^Alpine IT Partners · T1 reseller/ })).toBeTruthy(),
    );
    expect(calls.find((c) => c.path === '/tier/accounts' && c.method === 'GET')!.query).toContain('eq(type,reseller)');
    fireEvent.change(field(dialog, 'Parent reseller'), { target: { value: reseller.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      type: 'customer',
      parent: { id: reseller.id },
      name: 'Northwind Traders',
      external_uid: 'northwind',
      contact_info: {
        country: 'DE',
        contact: { email: 'nina@northwind.example', phone_number: { country_code: '+49', phone_number: '12345678' } },
      },
    });
  });

  it('sends nothing while the form is invalid', async () => {
    const calls = api(() => ({ status: 201, body: bakery }));
    renderSignedIn(<CustomerDialog open onClose={() => {}} onSaved={() => {}} />, { context: PROVIDER });
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(messageOf(field(dialog, 'Name'))).toBe('Input must be at least 4 characters'));
    expect(messageOf(field(dialog, 'External UID'))).toBe('This field is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's messages on the form fields and on the parent select", async () => {
    api(() => ({
      status: 400,
      body: {
        error_code: 'VAL_001',
        errors: [
          'contact_info.contact.email: E-mail must be valid',
          'parent.id: TA-1 is a customer; only a reseller can be a parent.',
        ],
        fields: {
          'contact_info.contact.email': ['E-mail must be valid'],
          'parent.id': ['TA-1 is a customer; only a reseller can be a parent.'],
        },
      },
    }));
    const onSaved = vi.fn();
    renderSignedIn(<CustomerDialog open onClose={() => {}} onSaved={onSaved} />, { context: PROVIDER });
    const dialog = await screen.findByRole('dialog', { name: 'Create customer' });
    await fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(messageOf(field(dialog, 'E-mail'))).toBe('E-mail must be valid'));
    expect(messageOf(field(dialog, 'Parent reseller'))).toBe('TA-1 is a customer; only a reseller can be a parent.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits an account: its values filled in, the form sent with PUT, no parent select', async () => {
    const calls = api((b) => ({ body: { ...bakery, ...b, version: 3 } }));
    const onSaved = vi.fn();
    renderSignedIn(<CustomerDialog open account={bakery} onClose={() => {}} onSaved={onSaved} />, {
      context: PROVIDER,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    expect(field(dialog, 'Address line 1').value).toBe('250 Atlantic Avenue');
    expect(within(dialog).queryByLabelText(/Parent/)).toBeNull();
    fireEvent.change(field(dialog, 'City'), { target: { value: 'Cambridge' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      name: 'Harbor Street Bakery',
      external_uid: 'harbor-bakery',
      contact_info: { city: 'Cambridge', country: 'US' },
    });
    expect(put.body).not.toHaveProperty('type');
  });
});
