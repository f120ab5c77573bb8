/** User / portal settings fallbacks (spec §5, §8). */
import { EMPTY_SITE_KEY } from './messages.ts';
import { zoneWall } from '../format/zone-clock.ts';

export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_REGION = 'en_US';

let knownTimezones: ReadonlySet<string> | undefined;

/** IANA time zones known to the runtime (Intl.supportedValuesOf), plus UTC. */
export function getKnownTimezones(): ReadonlySet<string> {
  if (!knownTimezones) {
    let zones: string[];
    try {
      zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    } catch {
      zones = [];
    }
    knownTimezones = new Set([...zones, 'UTC', 'Etc/UTC']);
  }
  return knownTimezones;
}

/** IANA names the runtime accepts besides its canonical list (links such as Asia/Kolkata, US/Eastern). */
const IANA_NAME = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/;
const aliases = new Map<string, boolean>();

export function isKnownTimezone(tz: unknown): tz is string {
  if (typeof tz !== 'string') return false;
  if (getKnownTimezones().has(tz)) return true;
  if (!IANA_NAME.test(tz)) return false;
  let known = aliases.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    if (aliases.size < 1000) aliases.set(tz, known);
  }
  return known;
}

/** A time zone not in the known list falls back to 'UTC'. */
export function resolveTimezone(tz: string | null | undefined): string {
  return isKnownTimezone(tz) ? tz : DEFAULT_TIMEZONE;
}

/**
 * Minutes a time zone is ahead of UTC at a moment (UTC+2 → 120, UTC-5 → -300), as ISO offsets count them; the
 * zone falls back to UTC when unknown. Daylight saving time is taken into account: the offset is the one in force.
 */
export function timezoneOffset(tz: string | null | undefined, at: Date = new Date()): number {
  return zoneWall(at.getTime(), resolveTimezone(tz))?.offset ?? 0;
}

export const KNOWN_REGIONS = [
  'en_US',
  'en_GB',
  'en_AU',
  'en_CA',
  'de_DE',
  'fr_FR',
  'fr_CA',
  'es_ES',
  'es_MX',
  'it_IT',
  'pt_BR',
  'pt_PT',
  'ru_RU',
  'ja_JP',
  'ko_KR',
  'zh_CN',
  'zh_TW',
  'nl_NL',
  'pl_PL',
  'tr_TR',
] as const;
export type Region = (typeof KNOWN_REGIONS)[number];

const REGION_SET: ReadonlySet<string> = new Set(KNOWN_REGIONS);

/** 'en-us' / 'EN_US' → 'en_US'. */
function normaliseRegion(r: string): string {
  const [lang = '', country = ''] = r.trim().split(/[-_]/);
  return `${lang.toLowerCase()}_${country.toUpperCase()}`;
}

/** An unknown region falls back to 'en_US'. Accepts 'en-US' as well as 'en_US'. */
export function resolveRegion(r: string | null | undefined): Region {
  if (typeof r !== 'string' || !r.trim()) return DEFAULT_REGION;
  const n = normaliseRegion(r);
  return REGION_SET.has(n) ? (n as Region) : DEFAULT_REGION;
}

export { EMPTY_SITE_KEY };

/** Google's published test site key: the default when none is configured (spec §8 'Empty site key is received'). */
export const DEFAULT_RECAPTCHA_SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UOS6Eh-qz5K-Cg2r';

/**
 * A reCAPTCHA site key must be non-empty; otherwise the default is used and `onEmpty`
 * (e.g. a logger) receives 'Empty site key is received'.
 */
export function resolveRecaptchaSiteKey(
  key: string | null | undefined,
  defaultKey: string,
  onEmpty?: (message: typeof EMPTY_SITE_KEY) => void,
): string {
  if (typeof key === 'string' && key.trim() !== '') return key.trim();
  onEmpty?.(EMPTY_SITE_KEY);
  return defaultKey;
}
