import type { AccountFormInput } from '../validation/account-form.ts';
import type { TierAccount } from './tier-account.ts';

// The portal's account form (spec §3) keeps `contact` beside `contact_info` and names the subscriber
// number `phone`; the API (reference shape) nests the contact in contact_info and calls it `phone_number`.

type Phone = {
  phone?: string | null;
  phone_number?: string | null;
  area_code?: string | null;
  country_code?: string | null;
  extension?: string | null;
};

/** Account form values → the body of POST/PUT /tier/accounts. */
export function tierAccountFromForm(form: AccountFormInput) {
  const { contact, contact_info, ...rest } = form;
  const phone = (contact?.phone_number ?? {}) as Phone;
  return {
    ...rest,
    contact_info: {
      ...contact_info,
      contact: {
        ...contact,
        phone_number: {
          country_code: phone.country_code,
          area_code: phone.area_code,
          phone_number: phone.phone,
          extension: phone.extension,
        },
      },
    },
  };
}

/** A tier account → account form values (for editing). */
export function tierAccountToForm(
  account: Pick<TierAccount, 'name' | 'external_id' | 'external_uid' | 'tax_id' | 'contact_info'>,
): AccountFormInput {
  const { contact, ...address } = account.contact_info;
  const { phone_number: phone, ...person } = contact;
  return {
    name: account.name,
    external_id: account.external_id,
    external_uid: account.external_uid,
    tax_id: account.tax_id,
    contact_info: address,
    contact: {
      ...person,
      phone_number: {
        country_code: phone.country_code,
        area_code: phone.area_code,
        phone: phone.phone_number,
        extension: phone.extension,
      },
    },
  };
}

/** An API error field ('contact_info.contact.phone_number.phone_number') → the form's key ('contact.phone_number.phone'). */
export function tierFieldToFormKey(field: string): string {
  if (!field.startsWith('contact_info.contact')) return field;
  return field
    .replace(/^contact_info\.contact/, 'contact')
    .replace(/^contact\.phone_number\.phone_number$/, 'contact.phone_number.phone');
}
