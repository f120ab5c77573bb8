// A time zone's wall clock at an instant, with Intl alone (no date library): shared by date display and settings.

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
export function zoneWall(ms: number, zone: string): { local: Date; offset: number } | undefined {
  const f = zoneFormat(zone);
  if (!f) return undefined;
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(ms)) if (type !== 'literal') p[type] = Number(value);
  const msPart = ((ms % 1000) + 1000) % 1000;
  const [y, mo, day, h, mi, s] = [p.year!, p.month! - 1, p.day!, p.hour === 24 ? 0 : p.hour!, p.minute!, p.second!];
  const offset = Math.round((Date.UTC(y, mo, day, h, mi, s) - (ms - msPart)) / 60_000);
  return { local: new Date(y, mo, day, h, mi, s, msPart), offset };
}
