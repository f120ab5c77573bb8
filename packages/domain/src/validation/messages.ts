/**
 * Validation messages — spec §5. These strings are EXACT; do not reword them.
 * Parameterised messages are functions; `{n}` / `{value}` / `{field}` are substituted.
 */

export const REQUIRED = 'This field is required';
export const minLength = (n: number): string => `Input must be at least ${n} characters`;
export const maxLength = (n: number): string => `Input must be at most ${n} characters`;
export const EMAIL = 'E-mail must be valid';
export const EMAILS = 'All E-mails must be valid';
export const DOMAIN = 'Wrong Domain format';
export const SUBDOMAIN = 'Wrong Subdomain format';
export const URL_FORMAT = 'Wrong URL format';
export const HTTPS_URL = 'Wrong URL protocol, "https" expected.';
export const JSON_INVALID = 'Input should be valid JSON';
export const JSON_REQUIRED = 'JSON can not be empty';
export const IP = 'IP address is not valid';
export const CRON = 'Cron expression is not valid';
export const UUID = 'Wrong UUID format';
export const differsFrom = (value: unknown): string =>
  `Input must differ from the previously provided one - ${String(value)}`;
export const FILE_TYPE = 'Wrong file format';
export const passwordMaxLength = (n: number): string => `Password must be at most ${n} characters`;
export const passwordMinLength = (n: number): string => `Password must be at least ${n} characters`;
export const PHONE = 'Format is not correct';
export const phoneField = (field: string): string => `Format is not correct for ${field}`;
export const ONLY_INTEGERS = 'Only integers are allowed';

/**
 * Not worded by the spec (§5 states the rule but gives no message).
 * Kept here so every user-facing validation string lives in one file.
 */
export const PACKAGE_ID = 'Wrong Package ID format';
export const HEX_COLOR = 'Wrong color format';
/** A choice / dropdown / checkbox / subdomain value that is not one of the parameter's choices. */
export const CHOICE = 'Select a valid choice';
/** A file above an upload's size limit; `limit` as the bytes formatter writes it ('40 MB'). */
export const fileTooLarge = (limit: string): string => `File is too large; the limit is ${limit}.`;

/** User password policy (not a spec §5 table row; brief-defined). */
export const PASSWORD_LETTER_AND_DIGIT = 'Password must contain a letter and a digit';

/** Spec §8: reCAPTCHA site key was empty, the default key is used. */
export const EMPTY_SITE_KEY = 'Empty site key is received';

/** Human labels used in `phoneField(...)`, keyed by the structured phone value's part. */
export const PHONE_FIELD_LABELS = {
  country_code: 'country code',
  area_code: 'area code',
  phone_number: 'phone number',
  extension: 'extension',
} as const;

export type PhonePart = keyof typeof PHONE_FIELD_LABELS;
