import { createContext, useContext } from 'react';
import { api, ApiError } from '../../api/index.ts';
import { getSessionId } from '../../api/session-id.ts';
import type { AuthContext } from './types.ts';

// The session as pages see it, without TanStack Query: the portal's start (app/Start.tsx) provides it for the
// public pages it shows itself (session/StartSession.tsx); SessionProvider (with the query cache) does under the router.

export interface SessionValue {
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

export const SessionContext = createContext<SessionValue | null>(null);

/** GET /auth/context: the signed-in context, null when nobody is signed in. */
export async function loadContext(): Promise<AuthContext | null> {
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

/** The session's calls; `adopt` takes the context they answer with (null: signed out). */
export function sessionCalls(adopt: (ctx: AuthContext | null) => void) {
  return {
    async login(email: string, password: string, recaptcha?: string) {
      const ctx = await api.post<AuthContext>('/auth/login', { email, password, ...(recaptcha ? { recaptcha } : {}) });
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
    async switchAccount(accountId: string) {
      const ctx = await api.post<AuthContext>('/auth/context', { account: { id: accountId } });
      adopt(ctx);
      return ctx;
    },
    reset: () => adopt(null),
    signedIn: (ctx: AuthContext) => adopt(ctx),
  };
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
