// Service levels (spec §7 sla, sli; reference /sla, /sli, connect-workflows.json sla-config): how long an object has
// waited in a status, and which SLO zone that puts it in. Zones are durations, in order: the object is green (0)
// for the first zone's days, yellow (1) for the next zone's, red (2) for the last zone's; then, when the objective
// terminates, its final action runs (a request is rejected), else it stays red.

export const DAY_MS = 86_400_000;
export const SLO_ZONES = [0, 1, 2] as const;
export type Zone = (typeof SLO_ZONES)[number];
export const SLO_ZONE_LABELS: Record<Zone, string> = { 0: 'Green', 1: 'Yellow', 2: 'Red' };
export const SLO_ZONE_TONES: Record<Zone, 'success' | 'warning' | 'error'> = { 0: 'success', 1: 'warning', 2: 'error' };

export interface ZoneSpan {
  days: number;
  zone: number;
}

/** Where an object that started waiting at `start` stands at `now`. */
export interface SliState {
  zone: Zone;
  /** Whole days waited. */
  days: number;
  /** When the current zone ends: absent in the last zone of an objective that does not terminate. */
  until: Date | null;
  /** When the final action is due (terminating objectives only). */
  terminateAt: Date | null;
  /** When zone or days change next: the state is exact until then. */
  next: Date;
}

export function sliAt(zones: readonly ZoneSpan[], terminate: boolean, start: Date, now: Date): SliState {
  const elapsed = Math.max(0, now.getTime() - start.getTime());
  const days = Math.floor(elapsed / DAY_MS);
  const ends: number[] = [];
  let sum = 0;
  for (const z of zones) ends.push((sum += z.days * DAY_MS));
  const zone: Zone = elapsed < ends[0] ? 0 : elapsed < ends[1] ? 1 : 2;
  const at = (ms: number) => new Date(start.getTime() + ms);
  const terminateAt = terminate ? at(ends[2]) : null;
  const until = zone < 2 ? at(ends[zone]) : terminateAt;
  return { zone, days, until, terminateAt, next: at((days + 1) * DAY_MS) };
}

/** "2 d 4 h" / "3 h" / "12 min": time left until `until`, for the zone chips. */
export function timeLeft(until: Date | string, now = new Date()): string {
  const ms = new Date(until).getTime() - now.getTime();
  if (ms <= 0) return 'due';
  const minutes = Math.ceil(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  if (d) return h ? `${d} d ${h} h` : `${d} d`;
  return h ? `${h} h` : `${minutes % 60} min`;
}
