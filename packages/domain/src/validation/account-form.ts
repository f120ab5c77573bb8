/**
 * The "Account form" (spec §3) with the requiredness of spec §5: name, external_uid, address line1,
 * city, state, postal code, country, contact first and last name, phone and a valid email.
 * Every message comes from messages.ts via rules.ts.
 */
import { z } from 'zod';
import * as rules from './rules.ts';
import { phoneCheck, zOptionalString, zRequiredString, zStringRule } from './zod.ts';

const optional = () => z.string().nullish();

export const accountContactInfoSchema = z.object({
  address_line1: zRequiredString(),
  address_line2: optional(),
  city: zRequiredString(),
  state: zRequiredString(),
  postal_code: zRequiredString(),
  country: zRequiredString(),
});

export const accountPhoneSchema = z
  .object({
    phone: optional(),
    area_code: optional(),
    country_code: optional(),
    extension: optional(),
  })
  .superRefine(phoneCheck('phone', true));

export const accountContactSchema = z.object({
  first_name: zRequiredString(),
  last_name: zRequiredString(),
  email: zRequiredString(rules.email),
  // A missing phone object still yields the per-part 'This field is required'.
  phone_number: accountPhoneSchema.prefault({} as z.input<typeof accountPhoneSchema>),
});

export const accountFormSchema = z.object({
  name: zStringRule(rules.accountName),
  external_id: optional(),
  external_uid: zRequiredString(),
  tax_id: zOptionalString(),
  // Missing nested objects are parsed as {} so each required field reports its own issue.
  contact_info: accountContactInfoSchema.prefault({} as z.input<typeof accountContactInfoSchema>),
  contact: accountContactSchema.prefault({} as z.input<typeof accountContactSchema>),
});

export type AccountForm = z.output<typeof accountFormSchema>;
export type AccountFormInput = z.input<typeof accountFormSchema>;

/** Flattens zod issues to `{ 'contact.email': 'E-mail must be valid', … }` (first message per path). */
export function accountFormErrors(input: unknown): Record<string, string> {
  const result = accountFormSchema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
