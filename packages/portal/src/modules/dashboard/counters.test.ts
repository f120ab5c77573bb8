import { describe, expect, it } from 'vitest';
import { pathTo } from '../../app/routes.ts';
import { COUNTERS, countedQuery } from './counters.ts';

describe('dashboard counters', () => {
  it("opens the contracts card on the contracts tab, showing what waits for the caller (the server's count)", () => {
    const info = COUNTERS.contracts;
    expect(pathTo(info.route!, { tab: info.tab }) + countedQuery(info, 'vendor')).toBe('/partners/contracts?waiting=1');
    expect(info.visibleTo).toEqual(['vendor', 'provider']);
  });
});
