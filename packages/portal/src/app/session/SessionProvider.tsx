import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { api, ApiError, onApiStatus, setSessionId } from '../../api/index.ts';
import { getSessionId } from '../../api/session-id.ts';
import type { AuthContext } from './types.ts';

export const CONTEXT_KEY = ['auth', 'context'] as const;

interface SessionValue {
  /** null = not logged in; undefined = still finding out. */
  context: AuthContext | null | undefined;
  /** The context call failed for another reason than 401 (server down, ...). */
  error: ApiError | null;
  /** `recaptcha`: the widget's answer, when the server checks reCAPTCHA. */
  login(email: string, password: string, recaptcha?: string): Promise<AuthContext>;
  logout(): Promise<void>;
  switchAccount(accountId: string): Promise<AuthContext>;
  /** Forget the session locally (after a 401). */
  reset(): void;
  /** Take over a session another call opened (e.g. setting a password logs the user in). */
  signedIn(ctx: AuthContext): void;
}

const SessionContext = createContext<SessionValue | null>(null);

async function loadContext(): Promise<AuthContext | null> {
  // No session id kept: nobody is signed in in this browser; asking would only log a 401 on every visit to /login.
  if (!getSessionId()) return null;
  try {
    return await api.get<AuthContext>('/auth/context');
  } catch (err) {
    // 401 during start: not logged in (the login page takes over).
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The signed-in context query. main.tsx starts it with the app, beside the brand (the session provider renders
 * only once the brand is in, and asking then made the two calls a waterfall on every page load).
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
      async login(email, password, recaptcha) {
        const ctx = await api.post<AuthContext>('/auth/login', {
          email,
          password,
          ...(recaptcha ? { recaptcha } : {}),
        });
        adopt(ctx);
        return ctx;
      },
      async logout() {
        // Logout ignores failures and resets the context either way.
        try {
          await api.post('/auth/logout');
        } catch {
          /* already gone */
        }
        adopt(null);
      },
      async switchAccount(accountId) {
        const ctx = await api.post<AuthContext>('/auth/context', { account: { id: accountId } });
        adopt(ctx);
        return ctx;
      },
      reset: () => adopt(null),
      signedIn: (ctx) => adopt(ctx),
    }),
    [query.isPending, query.data, query.error, adopt],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}

/** The logged-in context; only for pages inside the authenticated shell. */
export function useAuth(): AuthContext {
  const { context } = useSession();
  if (!context) throw new Error('useAuth without a session');
  return context;
}
