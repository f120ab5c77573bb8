import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { tierAccountFromForm, tierAccountToForm, tierFieldToFormKey } from '@trellis/domain/customers/form';
import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { ApiError, errorMessage } from '../../api/errors.ts';

/** The account form (spec §3) as the inputs hold it: every value a string ('' = empty). */
export interface AccountFormValues {
  name: string;
  external_id: string;
  external_uid: string;
  tax_id: string;
  contact_info: {
    address_line1: string;
    address_line2: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
  contact: {
    first_name: string;
    last_name: string;
    email: string;
    phone_number: { country_code: string; area_code: string; phone: string; extension: string };
  };
}

export type AccountFormKey = FieldPath<AccountFormValues>;

/** Every input of the form, in screen order (server messages for these keys land on the field). */
export const ACCOUNT_FORM_KEYS = [
  'name',
  'external_uid',
  'external_id',
  'tax_id',
  'contact_info.address_line1',
  'contact_info.address_line2',
  'contact_info.city',
  'contact_info.state',
  'contact_info.postal_code',
  'contact_info.country',
  'contact.first_name',
  'contact.last_name',
  'contact.email',
  'contact.phone_number.country_code',
  'contact.phone_number.area_code',
  'contact.phone_number.phone',
  'contact.phone_number.extension',
] as const satisfies readonly AccountFormKey[];

type InputKey = (typeof ACCOUNT_FORM_KEYS)[number];

/** Spec §5: the account form requires name, external_uid, address line1, city, state, postal code, country, contact names, phone, e-mail. */
export const REQUIRED_ACCOUNT_KEYS: ReadonlySet<string> = new Set<InputKey>([
  'name',
  'external_uid',
  'contact_info.address_line1',
  'contact_info.city',
  'contact_info.state',
  'contact_info.postal_code',
  'contact_info.country',
  'contact.first_name',
  'contact.last_name',
  'contact.email',
  'contact.phone_number.phone',
]);

const text = (v: string | null | undefined) => v ?? '';
/** Trimmed, or null when blank (optional parts are sent as null, not ''). */
const blank = (v: string) => (v.trim() ? v.trim() : null);

export function emptyAccountForm(): AccountFormValues {
  return {
    name: '',
    external_id: '',
    external_uid: '',
    tax_id: '',
    contact_info: { address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: '' },
    contact: {
      first_name: '',
      last_name: '',
      email: '',
      phone_number: { country_code: '', area_code: '', phone: '', extension: '' },
    },
  };
}

/** A tier account → the values of the form that edits it. */
export function accountFormValues(
  account: Pick<TierAccount, 'name' | 'external_id' | 'external_uid' | 'tax_id' | 'contact_info'>,
): AccountFormValues {
  const f = tierAccountToForm(account);
  type Parts = Record<string, string | null | undefined>;
  const ci = (f.contact_info ?? {}) as Parts;
  const c = (f.contact ?? {}) as Parts & { phone_number?: Parts };
  const p = c.phone_number ?? {};
  return {
    name: text(f.name),
    external_id: text(f.external_id),
    external_uid: text(f.external_uid),
    tax_id: text(f.tax_id),
    contact_info: {
      address_line1: text(ci.address_line1),
      address_line2: text(ci.address_line2),
      city: text(ci.city),
      state: text(ci.state),
      postal_code: text(ci.postal_code),
      country: text(ci.country),
    },
    contact: {
      first_name: text(c.first_name),
      last_name: text(c.last_name),
      email: text(c.email),
      phone_number: {
        country_code: text(p.country_code),
        area_code: text(p.area_code),
        phone: text(p.phone),
        extension: text(p.extension),
      },
    },
  };
}

/** Form values → the body of POST / PUT /tier/accounts (reference shape, contact inside contact_info). */
export function accountFormBody(v: AccountFormValues) {
  const ci = v.contact_info;
  const c = v.contact;
  const p = c.phone_number;
  return tierAccountFromForm({
    name: v.name.trim(),
    external_id: blank(v.external_id),
    external_uid: v.external_uid.trim(),
    tax_id: blank(v.tax_id),
    contact_info: {
      address_line1: ci.address_line1.trim(),
      address_line2: blank(ci.address_line2),
      city: ci.city.trim(),
      state: ci.state.trim(),
      postal_code: ci.postal_code.trim(),
      country: ci.country,
    },
    contact: {
      first_name: c.first_name.trim(),
      last_name: c.last_name.trim(),
      email: c.email.trim(),
      phone_number: {
        country_code: blank(p.country_code),
        area_code: blank(p.area_code),
        phone: blank(p.phone),
        extension: blank(p.extension),
      },
    },
  });
}

const FIELD_STRING = /^([\w.[\]]+): (.+)$/;

/**
 * Puts the per-field messages of a 400 on the form's fields: the API names them in its own shape
 * ('contact_info.contact.phone_number.phone_number'), tierFieldToFormKey gives the form's key. A field the
 * form does not have goes to `other` (e.g. the dialog's parent select). Returns what is left to show above
 * the form (the server's text), or null when every message found its field.
 */
export function applyAccountServerErrors(
  err: unknown,
  setError: UseFormSetError<AccountFormValues>,
  other?: (field: string, message: string) => boolean,
): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return errorMessage(err);
  const byField = Object.entries(err.fieldErrors);
  if (!byField.length) return errorMessage(err);
  const body = err.text as { fields?: unknown; errors?: unknown } | null;
  // Plain sentences beside "field: message" strings still need showing.
  const left: string[] =
    !body?.fields && Array.isArray(body?.errors)
      ? body.errors.filter((e): e is string => typeof e === 'string' && !FIELD_STRING.test(e))
      : [];
  let focus = true;
  for (const [field, messages] of byField) {
    const key = tierFieldToFormKey(field);
    if ((ACCOUNT_FORM_KEYS as readonly string[]).includes(key)) {
      setError(key as InputKey, { type: 'server', message: messages[0] }, { shouldFocus: focus });
      focus = false;
    } else if (!other?.(field, messages[0])) {
      left.push(...messages.map((m) => `${field}: ${m}`));
    }
  }
  return left.length ? left.join('\n') : null;
}
