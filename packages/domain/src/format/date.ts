/**
 * Date display (spec §9): default format 'L LT' with 24h or 12h time —
 * '03/15/2024 14:05' (24h, the default) or '03/15/2024 2:05 PM' (hour12: true).
 * Invalid or empty input gives ''.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { DEFAULT_DATE_FORMAT } from './constants.ts';

dayjs.extend(localizedFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

export interface FormatDateOptions {
  /** 12-hour clock ('2:05 PM'); default false → 24-hour ('14:05'). */
  hour12?: boolean;
  /** dayjs format, default 'L LT'. LT / LTS follow `hour12`. */
  format?: string;
  /** IANA time zone to display in (e.g. the user's setting); default: the runtime's local zone. */
  timeZone?: string;
}

/** Replaces the localized time tokens with 24-hour equivalents, leaving [escaped] text untouched. */
function to24h(format: string): string {
  return format.replace(/\[[^\]]*\]|LTS|LT/g, (token) =>
    token === 'LTS' ? 'HH:mm:ss' : token === 'LT' ? 'HH:mm' : token,
  );
}

let displayZone: string | undefined;

/**
 * The zone dates are shown in when a call names none: the signed-in user's `timezone` (the portal sets it when the
 * session starts or changes); undefined = the runtime's local zone.
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = zone || undefined;
}

// One Intl.DateTimeFormat per zone, made once: dayjs's tz() builds a new formatter for every date it converts
// (Date#toLocaleString with a time zone), ~0.1 ms each, which was most of the time a list of dates took to render.
const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  let f = zoneFormats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null; // not a zone this runtime knows
    }
    zoneFormats.set(zone, f);
  }
  return f;
}

/**
 * The zone's wall clock at the instant `ms`, as a local Date (as tz() parses it), and the minutes the zone is ahead of
 * UTC then; undefined for an unknown zone.
 */
function zoneWall(ms: number, zone: string): { local: Date; offset: number } | undefined {
  const f = zoneFormat(zone);
  if (!f) return undefined;
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(ms)) if (type !== 'literal') p[type] = Number(value);
  const msPart = ((ms % 1000) + 1000) % 1000;
  const [y, mo, day, h, mi, s] = [p.year!, p.month! - 1, p.day!, p.hour === 24 ? 0 : p.hour!, p.minute!, p.second!];
  const offset = Math.round((Date.UTC(y, mo, day, h, mi, s) - (ms - msPart)) / 60_000);
  return { local: new Date(y, mo, day, h, mi, s, msPart), offset };
}

/** True when the user's `timeformat` setting means a 24-hour clock. */
export const is24h = (timeformat: string | null | undefined): boolean => timeformat === '24h';

export function formatDate(value: string | number | Date | null | undefined, options: FormatDateOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  let d = dayjs(value);
  if (!d.isValid()) return '';
  const zone = options.timeZone ?? displayZone;
  if (zone) {
    const wall = zoneWall(d.valueOf(), zone);
    // unknown zone: keep the local time
    if (wall) {
      // what dayjs's tz() makes, without its formatter per call: the zone's wall clock with the zone's offset
      d = wall.offset === 0 ? d.utc() : dayjs(wall.local).utcOffset(wall.offset, true);
      (d as unknown as { $x: { $timezone?: string } }).$x.$timezone = zone;
    }
  }
  const format = options.format ?? DEFAULT_DATE_FORMAT;
  return d.format(options.hour12 ? format : to24h(format));
}
