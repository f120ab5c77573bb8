import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { ApiError, onApiStatus, setSessionId } from '../../api/index.ts';
import { loadContext, SessionContext, sessionCalls, type SessionValue } from './session.ts';
import type { AuthContext } from './types.ts';

export { useAuth, useSession } from './session.ts';

export const CONTEXT_KEY = ['auth', 'context'] as const;

/**
 * The signed-in context query. app/start-calls.ts asks for the context with the app, beside the brand (the session
 * provider renders only once the brand is in, and asking then made the two calls a waterfall on every page load);
 * app/router.tsx puts that answer in the query cache when the router takes over.
 */
export const contextQuery = {
  queryKey: CONTEXT_KEY,
  queryFn: loadContext,
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
} as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  // a start that failed (server down) shows its error as before, without asking a second time on mount
  const query = useQuery({ ...contextQuery, retryOnMount: false });

  const adopt = useCallback(
    (ctx: AuthContext | null) => {
      setSessionId(ctx?.session_id ?? null);
      // Everything cached belongs to the previous user/account.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      client.setQueryData(CONTEXT_KEY, ctx);
    },
    [client],
  );

  useEffect(() => {
    if (query.data) setSessionId(query.data.session_id);
  }, [query.data]);

  // A 401 from any later call means the session ended (expired, terminated elsewhere).
  useEffect(
    () =>
      onApiStatus((status, path) => {
        if (status === 401 && !path.startsWith('/auth/') && client.getQueryData(CONTEXT_KEY)) adopt(null);
      }),
    [client, adopt],
  );

  const value = useMemo<SessionValue>(
    () => ({
      context: query.isPending ? undefined : (query.data ?? null),
      error: query.error instanceof ApiError ? query.error : null,
      ...sessionCalls(adopt),
    }),
    [query.isPending, query.data, query.error, adopt],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
