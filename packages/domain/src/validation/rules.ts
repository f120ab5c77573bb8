/**
 * Pure validation rules (spec §5). Each returns the EXACT message of messages.ts, or `null` when valid.
 *
 * Convention: apart from `required`, `requiredJson`, `itemQuantity` and `accountName` (which include
 * requiredness), an empty value (null / undefined / '' / whitespace) is VALID — combine with `required`.
 *
 * Isomorphic: no Node-only or DOM imports (the global `URL` exists in Node and browsers).
 */
import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import { isValidCron } from 'cron-validator';
import {
  parsePhoneNumberFromString,
  isSupportedCountry,
  getCountryCallingCode,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import * as m from './messages.ts';
import { ACCOUNT_NAME_MAX, ACCOUNT_NAME_MIN } from '../format/constants.ts';

export type RuleResult = string | null;
export type Rule<T = unknown> = (value: T) => RuleResult;

type Maybe<T> = T | null | undefined;

/** null, undefined, NaN, a blank string, or an empty array. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Number of user-perceived characters (code points, so an emoji counts once). */
const charCount = (s: string): number => Array.from(s).length;

// ---------------------------------------------------------------------------------------------
// Generic

export function required(value: unknown): RuleResult {
  return isEmpty(value) ? m.REQUIRED : null;
}

export function minLength(value: Maybe<string>, n: number): RuleResult {
  if (isEmpty(value)) return null;
  return charCount(String(value)) < n ? m.minLength(n) : null;
}

export function maxLength(value: Maybe<string>, n: number): RuleResult {
  if (isEmpty(value)) return null;
  return charCount(String(value)) > n ? m.maxLength(n) : null;
}

/** Fails when `value` equals the previously provided one (e.g. a new password or key). */
export function differsFrom(value: unknown, previous: unknown): RuleResult {
  if (isEmpty(value) || isEmpty(previous)) return null;
  return String(value) === String(previous) ? m.differsFrom(previous) : null;
}

// ---------------------------------------------------------------------------------------------
// E-mail

const EMAIL_RE = z.regexes.email;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

export function email(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return isEmail(String(value)) ? null : m.EMAIL;
}

/** Splits a list of e-mails separated by commas, semicolons and/or whitespace. */
export function splitEmails(value: Maybe<string | readonly string[]>): string[] {
  if (value === null || value === undefined) return [];
  const raw = Array.isArray(value) ? value.join(',') : String(value);
  return raw.split(/[\s,;]+/).filter(Boolean);
}

export function emails(value: Maybe<string | readonly string[]>): RuleResult {
  const list = splitEmails(value);
  if (list.length === 0) return null;
  return list.every(isEmail) ? null : m.EMAILS;
}

// ---------------------------------------------------------------------------------------------
// Domain / subdomain / URL

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** ≥2 labels, ≤253 chars, alphabetic (or punycode) TLD. */
const DOMAIN_RE = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`, 'i');
const SUBDOMAIN_RE = new RegExp(`^${LABEL}$`, 'i');

/** Converts an internationalised domain to its ASCII (punycode) form via the WHATWG URL parser. */
function toAsciiHost(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  try {
    return new URL(`http://${value}`).hostname;
  } catch {
    return null;
  }
}

export function isDomain(value: string): boolean {
  const v = value.trim();
  if (!v || /[\s/:@?#]/.test(v)) return false;
  const ascii = toAsciiHost(v);
  return ascii !== null && DOMAIN_RE.test(ascii);
}

export function domain(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return isDomain(String(value)) ? null : m.DOMAIN;
}

/** A single DNS label: letters, digits and hyphens, no leading/trailing hyphen, 1–63 chars. */
export function subdomain(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return SUBDOMAIN_RE.test(String(value).trim()) ? null : m.SUBDOMAIN;
}

/** Structured subdomain parameter value: a required subdomain needs its `choice`. */
export interface SubdomainValue {
  choice?: string | null;
  value?: string | null;
}
export function requiredSubdomain(value: Maybe<SubdomainValue>): RuleResult {
  return isEmpty(value?.choice) ? m.REQUIRED : null;
}

function isHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname.startsWith('[') && hostname.endsWith(']')) return ipaddr.IPv6.isValid(hostname.slice(1, -1));
  if (/^[\d.]+$/.test(hostname)) return ipaddr.IPv4.isValidFourPartDecimal(hostname);
  return DOMAIN_RE.test(hostname);
}

/** Parses an absolute `scheme://host…` URL; returns null when it is not well-formed. */
function parseUrl(value: string): URL | null {
  const v = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v)) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  return u.hostname && isHost(u.hostname) ? u : null;
}

/** An absolute http(s) URL with a valid host (domain, IP or localhost). */
export function url(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  const u = parseUrl(String(value));
  return u && (u.protocol === 'http:' || u.protocol === 'https:') ? null : m.URL_FORMAT;
}

/** A well-formed URL must use https; a malformed one gets the format message. */
export function httpsUrl(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  const u = parseUrl(String(value));
  if (!u) return m.URL_FORMAT;
  return u.protocol === 'https:' ? null : m.HTTPS_URL;
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Strings must parse as JSON; already-parsed non-string values are accepted. */
export function json(value: unknown): RuleResult {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string') return null;
  try {
    JSON.parse(value);
    return null;
  } catch {
    return m.JSON_INVALID;
  }
}

export function requiredJson(value: unknown): RuleResult {
  if (isEmpty(value)) return m.JSON_REQUIRED;
  return json(value);
}

// ---------------------------------------------------------------------------------------------
// IP / cron / UUID

export function isIp(value: string): boolean {
  if (value.includes('%')) return false; // no IPv6 zone ids
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);
}

/** IPv4 (dotted quad, no leading zeros) or IPv6 (incl. `::` and embedded IPv4). */
export function ip(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return isIp(String(value).trim()) ? null : m.IP;
}

/** An IP address or a CIDR range of one (`192.0.2.0/24`, `2001:db8::/32`); the prefix fits the address family. */
export function isIpOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length || !isIp(address)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (ipaddr.IPv4.isValidFourPartDecimal(address) ? 32 : 128);
}

/** An access rule's value: an address or a CIDR range, with the message of the IP rule. */
export function ipOrRange(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return isIpOrRange(String(value).trim()) ? null : m.IP;
}

/**
 * Standard 5-field cron (minute hour day-of-month month day-of-week): `*`, ranges, lists, `*\/n`
 * steps, month/day names (case-insensitive), 0–7 for day of week. No seconds field, no macros.
 */
export function isCron(value: string): boolean {
  const fields = value.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  return isValidCron(fields.join(' ').toUpperCase(), { alias: true, allowSevenAsSunday: true });
}

export function cron(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return isCron(String(value)) ? null : m.CRON;
}

/** RFC 9562 UUID (versions 1–8, plus the nil and max UUIDs). */
const UUID_RE = z.regexes.uuid();

export function uuid(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return UUID_RE.test(String(value).trim()) ? null : m.UUID;
}

// ---------------------------------------------------------------------------------------------
// Files / passwords

const normaliseExt = (ext: string): string => ext.trim().toLowerCase().replace(/^\.+/, '');

/** `allowedExtensions` may be written with or without the dot ('.csv', 'xlsx', 'tar.gz'); case-insensitive. */
export function fileType(fileName: Maybe<string>, allowedExtensions: readonly string[]): RuleResult {
  if (isEmpty(fileName)) return null;
  const name = String(fileName).trim().toLowerCase();
  const ok = allowedExtensions
    .map(normaliseExt)
    .some((ext) => ext !== '' && name.endsWith(`.${ext}`) && name.length > ext.length + 1);
  return ok ? null : m.FILE_TYPE;
}

/** Password parameter length, bounds taken from the parameter constraints (min_length / max_length). */
export function passwordLength(value: Maybe<string>, min?: number | null, max?: number | null): RuleResult {
  if (isEmpty(value)) return null;
  const len = charCount(String(value));
  if (typeof min === 'number' && len < min) return m.passwordMinLength(min);
  if (typeof max === 'number' && len > max) return m.passwordMaxLength(max);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Phone

/** Structured phone value. The account form names the subscriber-number part `phone`. */
export interface PhoneValue {
  country_code?: string | null;
  area_code?: string | null;
  phone_number?: string | null;
  phone?: string | null;
  extension?: string | null;
}

export interface PhoneIssue {
  message: string;
  /** The part at fault; absent when the number as a whole is invalid for its country. */
  field?: m.PhonePart;
}

const PHONE_DIGITS_RE = /^[\d\s\-().]+$/;
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const partIssue = (field: m.PhonePart): PhoneIssue => ({ message: m.phoneField(m.PHONE_FIELD_LABELS[field]), field });

/**
 * Validates a structured phone value by country with libphonenumber-js (full "max" metadata).
 * `country_code` may be a calling code ('+1', '1', '0049') or an ISO 3166 alpha-2 country ('US').
 * `area_code` and `extension` are optional; an entirely empty value is valid (use `required`).
 */
export function validatePhone(value: Maybe<PhoneValue>): PhoneIssue | null {
  if (!value || typeof value !== 'object') return null;
  const cc = str(value.country_code);
  const area = str(value.area_code);
  const number = str(value.phone_number ?? value.phone);
  const ext = str(value.extension);
  if (!cc && !area && !number && !ext) return null;

  let region: CountryCode | undefined;
  let callingCode: string;
  const upper = cc.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && isSupportedCountry(upper)) {
    region = upper;
    callingCode = getCountryCallingCode(upper);
  } else {
    const match = /^(?:\+|00)?(\d{1,3})$/.exec(cc);
    if (!match) return partIssue('country_code');
    callingCode = match[1];
  }
  if (area && !PHONE_DIGITS_RE.test(area)) return partIssue('area_code');
  if (!number || !PHONE_DIGITS_RE.test(number)) return partIssue('phone_number');
  if (ext && !/^\d{1,10}$/.test(ext)) return partIssue('extension');

  const national = `${area}${number}`.replace(/\D/g, '');
  let parsed: PhoneNumber | undefined;
  try {
    parsed = parsePhoneNumberFromString(national, region ? region : { defaultCallingCode: callingCode });
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.countryCallingCode !== callingCode || !parsed.isValid()) return { message: m.PHONE };
  return null;
}

export function phone(value: Maybe<PhoneValue>): RuleResult {
  return validatePhone(value)?.message ?? null;
}

// ---------------------------------------------------------------------------------------------
// Catalogue / account

/** Required; non-negative integer digits only, or -1 meaning unlimited. */
export function itemQuantity(value: Maybe<string | number>): RuleResult {
  if (isEmpty(value)) return m.REQUIRED;
  if (typeof value === 'number')
    return Number.isInteger(value) && (value >= 0 || value === -1) ? null : m.ONLY_INTEGERS;
  const v = String(value).trim();
  return /^\d+$/.test(v) || v === '-1' ? null : m.ONLY_INTEGERS;
}

/** Reverse domain name, e.g. com.example.app: ≥2 dot-separated segments, each starting with a letter. */
const PACKAGE_ID_RE = /^[a-z](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z](?:[a-z0-9_-]*[a-z0-9_])?)+$/i;

export function packageId(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  const v = String(value).trim();
  return v.length <= 255 && PACKAGE_ID_RE.test(v) ? null : m.PACKAGE_ID;
}

/** '#' followed by 3 or 6 hex digits. */
export function hexColor(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return null;
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(String(value).trim()) ? null : m.HEX_COLOR;
}

/** Required, 4–64 characters (surrounding whitespace ignored). */
export function accountName(value: Maybe<string>): RuleResult {
  if (isEmpty(value)) return m.REQUIRED;
  const v = String(value).trim();
  return minLength(v, ACCOUNT_NAME_MIN) ?? maxLength(v, ACCOUNT_NAME_MAX);
}

/** Runs rules in order and returns the first message. */
export function firstError<T>(value: T, ...rules: ReadonlyArray<Rule<T>>): RuleResult {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}
