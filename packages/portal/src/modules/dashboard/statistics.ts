import { api } from '../../api/client.ts';
import type { CounterValue } from './counters.ts';

/**
 * The dashboard's counters: one call (POST recalculates them, as the reference portal does; the answer is the same
 * shape as GET). Shared by the page and its route's prefetch, which starts it as soon as the session is known, before
 * the page's code has rendered (app/signed-in-routes.tsx).
 */
export const statisticsQuery = (accountId: string) => ({
  queryKey: ['dashboard', 'statistics', accountId] as const,
  queryFn: () => api.post<Record<string, CounterValue>>(`/accounts/${accountId}/statistics`),
  // the prefetched answer is this visit's: a page opening right after it does not ask again
  staleTime: 5_000,
});
