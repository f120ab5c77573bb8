import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { listBody, renderWithClient } from '../../modules/identity/testing.tsx';
import { mockApi } from '../../test-utils.tsx';
import { AccountForm, useAccountForm } from './AccountForm.tsx';
import { COUNTRIES, field, messageOf, VALID } from './testing.ts';
import { accountFormBody, accountFormValues, applyAccountServerErrors, type AccountFormValues } from './values.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form alone: Save validates; "Server says no" feeds it a 400 as the API would answer. */
function Harness({
  onValid,
  values,
  serverError,
}: {
  onValid: (v: AccountFormValues) => void;
  values?: AccountFormValues;
  serverError?: ApiError;
}) {
  const form = useAccountForm(values);
  const [left, setLeft] = useState<string | null>(null);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <AccountForm form={form} />
      <button type="submit">Save</button>
      <button type="button" onClick={() => setLeft(applyAccountServerErrors(serverError, form.setError))}>
        Server says no
      </button>
      {left && <div role="alert">{left}</div>}
    </form>
  );
}

function start(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  mockApi({ 'GET /countries': () => listBody(COUNTRIES) });
  const onValid = vi.fn();
  const utils = renderWithClient(<Harness onValid={onValid} {...props} />);
  return { onValid, root: utils.container };
}

const type = (root: HTMLElement, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(root, label), { target: { value } });
};

const REQUIRED = [
  'Name',
  'External UID',
  'Address line 1',
  'City',
  'State / region',
  'Postal code',
  'Country',
  'First name',
  'Last name',
  'E-mail',
  'Phone number',
];

describe('account form', () => {
  it('says "This field is required" on every field spec §5 requires, and nothing on the optional ones', async () => {
    const { onValid, root } = start();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(field(root, 'City'))).toBe('This field is required'));
    for (const label of REQUIRED) expect(messageOf(field(root, label)), label).toBe('This field is required');
    for (const label of ['External ID', 'Tax ID', 'Address line 2', 'Country code', 'Area code', 'Extension']) {
      expect(field(root, label).getAttribute('aria-invalid'), label).not.toBe('true');
    }
    expect(onValid).not.toHaveBeenCalled();
  });

  it('gives the exact messages for a short name, a bad e-mail and bad phone numbers', async () => {
    const { onValid, root } = start();
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Germany' }).length).toBe(1));
    type(root, { ...VALID, Name: 'Abc', 'E-mail': 'nina@', 'Phone number': 'abc' });
    fireEvent.change(field(root, 'Country'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(field(root, 'Name'))).toBe('Input must be at least 4 characters'));
    expect(messageOf(field(root, 'E-mail'))).toBe('E-mail must be valid');
    expect(messageOf(field(root, 'Phone number'))).toBe('Format is not correct for phone number');
    expect(messageOf(field(root, 'City'))).toBe('');

    // Digits, but no German number: the number as a whole is wrong.
    type(root, { Name: 'x'.repeat(65), 'Phone number': '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(field(root, 'Phone number'))).toBe('Format is not correct'));
    expect(messageOf(field(root, 'Name'))).toBe('Input must be at most 64 characters');
    expect(onValid).not.toHaveBeenCalled();
  });

  it("offers the address country's prefix for the phone and hands valid values over in the API shape", async () => {
    const { onValid, root } = start();
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Germany' }).length).toBe(1));
    // One entry per prefix, named by its main country.
    expect(screen.getByRole('option', { name: '+1 United States of America and 1 more' })).toBeTruthy();
    type(root, VALID);
    fireEvent.change(field(root, 'Country'), { target: { value: 'DE' } });
    expect(field(root, 'Country code').value).toBe('+49');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(accountFormBody(onValid.mock.calls[0][0])).toEqual({
      name: 'Northwind Traders',
      external_uid: 'northwind',
      external_id: 'NW-1',
      tax_id: null,
      contact_info: {
        address_line1: 'Unter den Linden 1',
        address_line2: null,
        city: 'Berlin',
        state: 'Berlin',
        postal_code: '10117',
        country: 'DE',
        contact: {
          first_name: 'Nina',
          last_name: 'Wolf',
          email: 'nina@northwind.example',
          phone_number: { country_code: '+49', area_code: '30', phone_number: '12345678', extension: null },
        },
      },
    });
  });

  it("shows a tier account's values, a prefix the list lacks included", async () => {
    const values = accountFormValues({
      name: 'Alpine IT Partners',
      external_id: 'ALPINE-IT',
      external_uid: 'alpine-it',
      tax_id: 'CHE-123.456.789',
      contact_info: {
        address_line1: 'Bahnhofstrasse 12',
        address_line2: null,
        city: 'Zürich',
        state: 'Zürich',
        postal_code: '8001',
        country: 'CH',
        contact: {
          first_name: 'Lukas',
          last_name: 'Meier',
          email: 'lukas@alpine.example',
          phone_number: { country_code: '+999', area_code: '44', phone_number: '2345678', extension: null },
        },
      },
    });
    const { root } = start({ values });
    await waitFor(() => expect(field(root, 'Country').value).toBe('CH'));
    expect(field(root, 'Name').value).toBe('Alpine IT Partners');
    expect(field(root, 'Tax ID').value).toBe('CHE-123.456.789');
    expect(field(root, 'Country code').value).toBe('+999');
    expect(field(root, 'Phone number').value).toBe('2345678');
    expect(field(root, 'Address line 2').value).toBe('');
  });

  it("puts the server's field messages on the fields (API names mapped to the form's) and shows the rest above", async () => {
    const serverError = new ApiError(400, {
      error_code: 'VAL_001',
      errors: [
        'contact_info.contact.phone_number.phone_number: Format is not correct for phone number',
        "external_uid: Tier account TA-1 already has external_uid 'northwind'.",
        'hub.id: Hub HB-1 not found.',
      ],
    });
    const { root } = start({ serverError });
    fireEvent.click(screen.getByRole('button', { name: 'Server says no' }));
    await waitFor(() => expect(messageOf(field(root, 'Phone number'))).toBe('Format is not correct for phone number'));
    expect(messageOf(field(root, 'External UID'))).toBe("Tier account TA-1 already has external_uid 'northwind'.");
    expect(screen.getByRole('alert').textContent).toBe('hub.id: Hub HB-1 not found.');
  });
});
