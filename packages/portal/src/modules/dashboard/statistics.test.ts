import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, VENDOR_CONTEXT } from '../../test-utils.tsx';
import type { AuthContext } from '../../app/session/types.ts';

// The module keeps the answer asked for at the start: a fresh copy per test.
const load = async () => {
  vi.resetModules();
  return import('./statistics.ts');
};
const ACCOUNT = VENDOR_CONTEXT.account.id;
const OTHER = 'VA-999-999';
const answering = () =>
  mockApi({
    [`POST /accounts/${ACCOUNT}/statistics`]: () => ({ body: { leads: { count: 3 } } }),
    [`POST /accounts/${OTHER}/statistics`]: () => ({ status: 403, body: { error_code: 'AUTH_003', errors: ['No'] } }),
  });
const asked = (calls: { path: string }[]) => calls.filter((c) => c.path.endsWith('/statistics')).map((c) => c.path);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('dashboard counters asked for at the start', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('trellis.session_id', 'SE-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks once the session's context is in; the account's first query takes that answer, a later one asks again", async () => {
    const calls = answering();
    const { askStatisticsEarly, statisticsQuery } = await load();
    let signIn!: (ctx: AuthContext) => void;
    askStatisticsEarly(new Promise((r) => (signIn = r)));
    expect(asked(calls)).toEqual([]);
    signIn(VENDOR_CONTEXT);
    await tick();
    expect(asked(calls)).toEqual([`/accounts/${ACCOUNT}/statistics`]);
    expect(await statisticsQuery(ACCOUNT).queryFn()).toEqual({ leads: { count: 3 } });
    expect(asked(calls)).toHaveLength(1);
    await statisticsQuery(ACCOUNT).queryFn();
    expect(asked(calls)).toHaveLength(2);
  });

  it('asks at once for the account whose counters this browser showed last, before the context is in', async () => {
    const calls = answering();
    const first = await load();
    await first.statisticsQuery(ACCOUNT).queryFn(); // a visit shows the account's counters
    calls.length = 0;
    const { askStatisticsEarly, statisticsQuery } = await load(); // the next page load
    askStatisticsEarly(Promise.resolve(VENDOR_CONTEXT));
    expect(asked(calls)).toEqual([`/accounts/${ACCOUNT}/statistics`]);
    await tick();
    await statisticsQuery(ACCOUNT).queryFn();
    expect(asked(calls)).toHaveLength(1);
  });

  it("leaves an answer for another account unused: the session's account is asked for", async () => {
    const calls = answering();
    localStorage.setItem('trellis.dashboard.account', `SE-1 ${OTHER}`);
    const { askStatisticsEarly, statisticsQuery } = await load();
    askStatisticsEarly(Promise.resolve(VENDOR_CONTEXT));
    await tick();
    expect(asked(calls)).toEqual([`/accounts/${OTHER}/statistics`, `/accounts/${ACCOUNT}/statistics`]);
    expect(await statisticsQuery(ACCOUNT).queryFn()).toEqual({ leads: { count: 3 } });
    expect(asked(calls)).toHaveLength(2);
  });

  it('a later session (another user on this browser) is not asked for the account the last one showed', async () => {
    const calls = answering();
    const first = await load();
    await first
      .statisticsQuery(OTHER)
      .queryFn()
      .catch(() => {}); // refused: it is not this user's account
    calls.length = 0;
    localStorage.setItem('trellis.session_id', 'SE-2');
    const { askStatisticsEarly } = await load();
    askStatisticsEarly(new Promise(() => {})); // the context is not in yet
    await tick();
    expect(asked(calls)).toEqual([]);
  });

  it('asks nothing without a session, nor for one that still owes its MFA step', async () => {
    const calls = answering();
    const { askStatisticsEarly } = await load();
    askStatisticsEarly(Promise.resolve(null));
    askStatisticsEarly(
      Promise.resolve({ ...VENDOR_CONTEXT, mfa: { step: 'verify', method: 'totp', mandatory: true } }),
    );
    await tick();
    expect(asked(calls)).toEqual([]);
  });

  it('does not hand an old answer to a later visit of the page', async () => {
    const calls = answering();
    const { askStatisticsEarly, statisticsQuery } = await load();
    askStatisticsEarly(Promise.resolve(VENDOR_CONTEXT));
    await tick();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    await statisticsQuery(ACCOUNT).queryFn();
    expect(asked(calls)).toHaveLength(2);
  });
});
