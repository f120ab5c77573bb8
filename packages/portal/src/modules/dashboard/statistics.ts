import { api } from '../../api/client.ts';
import { getSessionId } from '../../api/session-id.ts';
import type { AuthContext } from '../../app/session/types.ts';
import type { CounterValue } from './counters.ts';

type Statistics = Record<string, CounterValue>;

const ask = (accountId: string) => api.post<Statistics>(`/accounts/${accountId}/statistics`);

/**
 * The counters asked for at the start, before the portal's code was in: taken once, by the account's first query, if
 * that comes within the query's fresh time (a page that never got there leaves no old answer for a later visit).
 */
let early: { accountId: string; at: number; answer: Promise<Statistics> } | null = null;
const FRESH_MS = 5_000;

/**
 * The account whose counters this browser showed last, and the session it showed them in (local storage, like the
 * session id): a later session (another user signing in on this browser) does not ask for that account's counters.
 */
const ACCOUNT_KEY = 'trellis.dashboard.account';
const storage = {
  get: () => {
    try {
      const [session, account] = (localStorage.getItem(ACCOUNT_KEY) ?? '').split(' ');
      return session && session === getSessionId() ? account : null;
    } catch {
      return null;
    }
  },
  set: (id: string) => {
    try {
      localStorage.setItem(ACCOUNT_KEY, `${getSessionId()} ${id}`);
    } catch {
      /* storage disabled: the counters wait for the session's context */
    }
  },
};

function askEarly(accountId: string) {
  early = { accountId, at: Date.now(), answer: ask(accountId) };
  early.answer.catch(() => {}); // the page shows a failure (its query gets it)
}

/**
 * A load of the dashboard asks for its counters at once (app/start-calls.ts), beside the session check and the code
 * of the router, shell and page, not once that code has run: for the account this browser showed the counters of
 * last, else as soon as the session's context is in. The account's first query takes that answer; one for another
 * account (the session is now in another one) is left unused. Not for a session that still owes its MFA step.
 */
export function askStatisticsEarly(context: Promise<AuthContext | null>) {
  const last = storage.get();
  if (last) askEarly(last);
  context.then(
    (ctx) => {
      if (!ctx || ctx.mfa?.mandatory) {
        early = null;
        return;
      }
      if (early?.accountId !== ctx.account.id) askEarly(ctx.account.id);
    },
    () => {}, // the session provider shows a failure
  );
}

/**
 * The dashboard's counters: one call (POST recalculates them, as the reference portal does; the answer is the same
 * shape as GET). Shared by the page and its route's prefetch, which starts it as soon as the session is known, before
 * the page's code has rendered (app/signed-in-routes.tsx).
 */
export const statisticsQuery = (accountId: string) => ({
  queryKey: ['dashboard', 'statistics', accountId] as const,
  queryFn: () => {
    storage.set(accountId);
    const answer = early?.accountId === accountId && Date.now() - early.at < FRESH_MS ? early.answer : null;
    early = null;
    return answer ?? ask(accountId);
  },
  // the prefetched answer is this visit's: a page opening right after it does not ask again
  staleTime: FRESH_MS,
});
