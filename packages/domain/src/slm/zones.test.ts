import { describe, expect, it } from 'vitest';
import { DAY_MS, sliAt, timeLeft } from './zones.ts';

const zones = (...days: number[]) => days.map((d, zone) => ({ days: d, zone }));
const start = new Date('2026-11-01T10:00:00Z');
const after = (days: number) => new Date(start.getTime() + days * DAY_MS);

describe('SLO zones', () => {
  it('are durations in turn: green, yellow, red, then the final action if the objective terminates', () => {
    const z = zones(1, 2, 3);
    expect(sliAt(z, true, start, after(0.5))).toMatchObject({ zone: 0, days: 0, until: after(1), next: after(1) });
    expect(sliAt(z, true, start, after(1))).toMatchObject({ zone: 1, days: 1, until: after(3) });
    expect(sliAt(z, true, start, after(3.2))).toMatchObject({
      zone: 2,
      days: 3,
      until: after(6),
      terminateAt: after(6),
    });
    // without termination the red zone has no end
    expect(sliAt(z, false, start, after(30))).toMatchObject({ zone: 2, days: 30, until: null, terminateAt: null });
  });

  it('skip a zone of no days', () => {
    expect(sliAt(zones(0, 1, 1), false, start, start)).toMatchObject({ zone: 1, until: after(1) });
    expect(sliAt(zones(0, 0, 1), false, start, start).zone).toBe(2);
  });

  it('say the time left in days and hours, hours, or minutes', () => {
    const now = new Date('2026-11-01T10:00:00Z');
    expect(timeLeft(new Date(now.getTime() + 2 * DAY_MS + 4 * 3_600_000), now)).toBe('2 d 4 h');
    expect(timeLeft(new Date(now.getTime() + 3 * 3_600_000), now)).toBe('3 h');
    expect(timeLeft(new Date(now.getTime() + 12 * 60_000), now)).toBe('12 min');
    expect(timeLeft(new Date(now.getTime() - 1), now)).toBe('due');
  });
});
