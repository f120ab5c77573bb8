/**
 * Validation (spec §5). Message builders that share a name with a rule (minLength, maxLength,
 * differsFrom) are reachable through the `messages` namespace; all other messages are also
 * re-exported by name.
 */
export * as messages from './messages.ts';
export {
  REQUIRED,
  EMAIL,
  EMAILS,
  DOMAIN,
  SUBDOMAIN,
  URL_FORMAT,
  HTTPS_URL,
  JSON_INVALID,
  JSON_REQUIRED,
  IP,
  CRON,
  UUID,
  FILE_TYPE,
  passwordMaxLength,
  passwordMinLength,
  PHONE,
  phoneField,
  ONLY_INTEGERS,
  PACKAGE_ID,
  HEX_COLOR,
  PASSWORD_LETTER_AND_DIGIT,
  EMPTY_SITE_KEY,
  PHONE_FIELD_LABELS,
  type PhonePart,
} from './messages.ts';
export * from './rules.ts';
export * from './file-size.ts';
export * from './zod.ts';
export * from './password.ts';
export * from './account-form.ts';
export {
  DEFAULT_TIMEZONE,
  DEFAULT_REGION,
  KNOWN_REGIONS,
  type Region,
  getKnownTimezones,
  isKnownTimezone,
  resolveTimezone,
  resolveRegion,
  resolveRecaptchaSiteKey,
  DEFAULT_RECAPTCHA_SITE_KEY,
  timezoneOffset,
} from './settings.ts';
