/**
 * Parameter value validation (spec §5), shared by the server (requests, configuration data) and the
 * portal (form preview). Every message comes from validation/messages.ts through validation/rules.ts.
 *
 * - Hidden parameters (constraints.hidden, or an unmet dependency) are not validated.
 * - heading / content carry no value. readonly, unique and reconciliation do not change the checks
 *   here (uniqueness is the server's business).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import * as m from '../validation/messages.ts';
import * as rules from '../validation/rules.ts';
import { DependencyResolver, choicesOf, selectedValues } from './dependencies.ts';
import {
  ADDRESS_REQUIRED_FIELDS,
  DISPLAY_TYPES,
  type AddressValue,
  type ParamError,
  type ParamValue,
  type ParamValues,
  type ParameterConstraints,
  type ParameterLike,
  type ValidationResult,
} from './types.ts';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

/** The plain string of a value (value, or a string structured_value). */
function textOf(v: ParamValue | undefined): string {
  if (!v) return '';
  if (typeof v.value === 'string') return v.value;
  if (typeof v.value === 'number') return String(v.value);
  return typeof v.structured_value === 'string' ? v.structured_value : '';
}

/** The structured value of a value: structured_value, or a JSON object written in value. */
function structuredOf(v: ParamValue | undefined): Record<string, unknown> | undefined {
  if (!v) return undefined;
  if (isObject(v.structured_value)) return v.structured_value;
  if (typeof v.value === 'string' && v.value.trim().startsWith('{')) {
    const parsed = parseJson(v.value);
    if (isObject(parsed)) return parsed;
  }
  return undefined;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

function lengths(s: string, c: ParameterConstraints): string | null {
  const min = typeof c.min_length === 'number' ? rules.minLength(s, c.min_length) : null;
  return min ?? (typeof c.max_length === 'number' ? rules.maxLength(s, c.max_length) : null);
}

const fail = (message: string | null): ParamError | null => (message ? { value_error: message } : null);

/** Per-part errors; value_error repeats the first (in the given order of parts). */
function structured(errors: Record<string, string>): ParamError | null {
  const first = Object.values(errors)[0];
  return first ? { value_error: first, structured_error: errors } : null;
}

function validateText(s: string, c: ParameterConstraints, format?: (s: string) => string | null): ParamError | null {
  if (rules.isEmpty(s)) return fail(c.required ? m.REQUIRED : null);
  return fail((format ? format(s) : null) ?? lengths(s, c));
}

function validatePassword(s: string, c: ParameterConstraints): ParamError | null {
  if (rules.isEmpty(s)) return fail(c.required ? m.REQUIRED : null);
  return fail(rules.passwordLength(s, c.min_length, c.max_length));
}

/** object: JSON text (or an already-parsed structured value). */
function validateObject(v: ParamValue | undefined, c: ParameterConstraints): ParamError | null {
  const s = textOf(v);
  if (!rules.isEmpty(s)) return fail(rules.json(s));
  const sv = v?.structured_value;
  const empty =
    sv === undefined ||
    sv === null ||
    (isObject(sv) && Object.keys(sv).length === 0) ||
    (Array.isArray(sv) && sv.length === 0);
  return fail(empty && c.required ? m.JSON_REQUIRED : null);
}

function validateChoice(p: ParameterLike, s: string, c: ParameterConstraints): ParamError | null {
  if (rules.isEmpty(s)) return fail(c.required ? m.REQUIRED : null);
  return fail(choicesOf(p).some((ch) => ch.value === s) ? null : m.CHOICE);
}

/** checkbox: a map of option value → boolean; every key must be a declared option; required = one checked. */
function validateCheckbox(p: ParameterLike, v: ParamValue | undefined, c: ParameterConstraints): ParamError | null {
  let map: unknown = v?.structured_value;
  if ((map === undefined || map === null) && typeof v?.value === 'string' && v.value.trim()) {
    map = parseJson(v.value);
    if (map === undefined) return fail(m.CHOICE);
  }
  if (map !== undefined && map !== null && !isObject(map) && !Array.isArray(map)) return fail(m.CHOICE);
  const known = new Set(choicesOf(p).map((ch) => ch.value));
  const keys = Array.isArray(map) ? map.map(String) : Object.keys((map as Record<string, unknown>) ?? {});
  const errors: Record<string, string> = {};
  for (const k of keys) if (!known.has(k)) errors[k] = m.CHOICE;
  if (isObject(map))
    for (const [k, on] of Object.entries(map)) if (typeof on !== 'boolean' && !errors[k]) errors[k] = m.CHOICE;
  if (Object.keys(errors).length) return structured(errors);
  const selected = p.type === 'checkbox' ? selectedValues(p, { structured_value: map }) : [];
  return fail(c.required && selected.length === 0 ? m.REQUIRED : null);
}

/** subdomain: { value: label, choice: one of the choices (the parent domain) }; a required one needs both. */
function validateSubdomain(p: ParameterLike, v: ParamValue | undefined, c: ParameterConstraints): ParamError | null {
  const sv = structuredOf(v);
  const label = sv ? str(sv.value) : textOf(v);
  const choice = sv ? str(sv.choice) : '';
  const errors: Record<string, string> = {};
  if (rules.isEmpty(label)) {
    if (c.required) errors.value = m.REQUIRED;
  } else {
    const e = rules.subdomain(label) ?? lengths(label.trim(), c);
    if (e) errors.value = e;
  }
  if (c.required) {
    const e = rules.requiredSubdomain({ choice });
    if (e) errors.choice = e;
  }
  const choices = choicesOf(p);
  if (!errors.choice && !rules.isEmpty(choice) && choices.length && !choices.some((ch) => ch.value === choice))
    errors.choice = m.CHOICE;
  return structured(errors);
}

/** phone: country-aware check of { country_code, area_code, phone_number, extension }; default_country fills a missing country. */
function validatePhoneValue(p: ParameterLike, v: ParamValue | undefined, c: ParameterConstraints): ParamError | null {
  const sv = structuredOf(v);
  if (!sv) {
    const s = textOf(v).trim();
    if (!s) return c.required ? { value_error: m.REQUIRED, structured_error: { phone_number: m.REQUIRED } } : null;
    if (s.startsWith('+')) return fail(parsePhoneNumberFromString(s)?.isValid() ? null : m.PHONE);
    return validatePhoneValue(p, { structured_value: { phone_number: s } }, c);
  }
  const phone: rules.PhoneValue = {
    country_code: str(sv.country_code).trim() || p.default_country || '',
    area_code: str(sv.area_code),
    phone_number: str(sv.phone_number ?? sv.phone),
    extension: str(sv.extension),
  };
  const empty =
    !str(sv.country_code).trim() && !phone.area_code?.trim() && !phone.phone_number?.trim() && !phone.extension?.trim();
  if (empty) return c.required ? { value_error: m.REQUIRED, structured_error: { phone_number: m.REQUIRED } } : null;
  if (!phone.phone_number?.trim()) return structured({ phone_number: m.REQUIRED });
  const issue = rules.validatePhone(phone);
  if (!issue) return null;
  return issue.field ? structured({ [issue.field]: issue.message }) : { value_error: issue.message };
}

/** address: line 1, city, state, postal code and country are needed when required or when any part is filled. */
function validateAddress(v: ParamValue | undefined, c: ParameterConstraints): ParamError | null {
  const sv = (structuredOf(v) ?? {}) as AddressValue;
  const filled = Object.values(sv).some((x) => !rules.isEmpty(x));
  if (!filled && !c.required) return null;
  const errors: Record<string, string> = {};
  for (const f of ADDRESS_REQUIRED_FIELDS) if (rules.isEmpty(sv[f])) errors[f] = m.REQUIRED;
  return structured(errors);
}

/** One parameter's value against the given (already dependency-resolved) constraints. */
export function validateParameterValue(
  p: ParameterLike,
  value: ParamValue | null | undefined,
  constraints: ParameterConstraints = p.constraints ?? {},
): ParamError | null {
  const v = value ?? undefined;
  const c = constraints;
  switch (p.type ?? 'text') {
    case 'heading':
    case 'content':
      return null;
    case 'email':
      return validateText(textOf(v), c, rules.email);
    case 'domain':
      return validateText(textOf(v), c, rules.domain);
    case 'url':
      return validateText(textOf(v), c, rules.url);
    case 'password':
      return validatePassword(textOf(v), c);
    case 'object':
      return validateObject(v, c);
    case 'choice':
    case 'dropdown':
      return validateChoice(p, textOf(v), c);
    case 'checkbox':
      return validateCheckbox(p, v, c);
    case 'subdomain':
      return validateSubdomain(p, v, c);
    case 'phone':
      return validatePhoneValue(p, v, c);
    case 'address':
      return validateAddress(v, c);
    default:
      return validateText(textOf(v), c);
  }
}

/**
 * Validates the values of a set of parameters: `{ valid, errors: { [name]: { value_error?, structured_error? } } }`.
 * `values` is keyed by parameter name, or a request-style list of `{ id | name, value, structured_value }`.
 * Dependencies are resolved against the same values; hidden parameters are skipped.
 */
export function validateParameterValues(
  parameters: readonly ParameterLike[],
  values?: ParamValues | null,
): ValidationResult {
  const r = new DependencyResolver(parameters, values);
  const errors: Record<string, ParamError> = {};
  for (const p of parameters) {
    if (DISPLAY_TYPES.includes(p.type as never)) continue;
    const c = r.constraints(p);
    if (c.hidden) continue;
    const e = validateParameterValue(p, r.values[p.name], c);
    if (e) errors[p.name] = e;
  }
  return { valid: Object.keys(errors).length === 0, errors };
}
