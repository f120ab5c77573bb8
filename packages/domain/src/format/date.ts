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
import { zoneWall } from './zone-clock.ts';

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
