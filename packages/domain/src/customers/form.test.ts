import { describe, expect, it } from 'vitest';
import { accountFormErrors } from '../validation/account-form.ts';
import { TierAccountCreate, tierScopeOf } from './tier-account.ts';
import { tierAccountFromForm, tierAccountToForm, tierFieldToFormKey } from './form.ts';

const form = {
  name: 'Northwind Traders',
  external_id: 'NW-1',
  external_uid: 'nw-1',
  tax_id: null,
  contact_info: {
    address_line1: 'Main 1',
    address_line2: null,
    city: 'Berlin',
    state: 'Berlin',
    postal_code: '10117',
    country: 'DE',
  },
  contact: {
    first_name: 'Nina',
    last_name: 'Wolf',
    email: 'nina@northwind.example',
    phone_number: { country_code: '+49', area_code: '30', phone: '12345678', extension: null },
  },
};

describe('tier account ↔ account form', () => {
  it('maps the form to the API shape and back', () => {
    const body = tierAccountFromForm(form);
    expect(body.contact_info.contact.phone_number.phone_number).toBe('12345678');
    expect(TierAccountCreate.safeParse(body).success).toBe(true);
    expect(tierAccountToForm(TierAccountCreate.parse(body) as any)).toMatchObject(form);
  });

  it('gives the same messages as the account form, under the form keys', () => {
    const bad = {
      ...form,
      name: 'Abc',
      contact: { ...form.contact, email: 'x@', phone_number: { country_code: '+49', phone: 'abc' } },
    };
    const api = TierAccountCreate.safeParse(tierAccountFromForm(bad));
    const apiErrors = Object.fromEntries(
      api.error!.issues.map((i) => [tierFieldToFormKey(i.path.join('.')), i.message]),
    );
    expect(apiErrors).toEqual(accountFormErrors(bad));
    expect(apiErrors).toEqual({
      name: 'Input must be at least 4 characters',
      'contact.email': 'E-mail must be valid',
      'contact.phone_number.phone': 'Format is not correct for phone number',
    });
  });

  it('derives T1 / T2 / customer from type and parent', () => {
    expect(tierScopeOf('reseller', null)).toBe('tier1');
    expect(tierScopeOf('reseller', 'tier1')).toBe('tier2');
    expect(tierScopeOf('customer', 'tier2')).toBe('customer');
  });
});
