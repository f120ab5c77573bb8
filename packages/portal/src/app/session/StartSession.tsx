import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, setSessionId } from '../../api/index.ts';
import { SessionContext, sessionCalls, type SessionValue } from './session.ts';
import type { AuthContext } from './types.ts';

/**
 * The session of the public pages the portal's start shows without the query cache (app/Start.tsx): the context
 * app/start-calls.ts asked for (`initial`), then whatever a sign-in answers; `onChange` hears each, for the router's
 * cache.
 */
export function StartSessionProvider({
  initial,
  onChange,
  children,
}: {
  initial: Promise<AuthContext | null>;
  onChange: (ctx: AuthContext | null) => void;
  children: ReactNode;
}) {
  const [state, setState] = useState<Pick<SessionValue, 'context' | 'error'>>({ context: undefined, error: null });

  useEffect(() => {
    let live = true;
    initial.then(
      (ctx) => {
        if (ctx) setSessionId(ctx.session_id);
        if (live) setState((s) => (s.context === undefined ? { context: ctx, error: null } : s));
      },
      (err: unknown) => {
        if (live) setState({ context: null, error: err instanceof ApiError ? err : null });
      },
    );
    return () => {
      live = false;
    };
  }, [initial]);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      ...sessionCalls((ctx) => {
        setSessionId(ctx?.session_id ?? null);
        onChange(ctx);
        setState({ context: ctx, error: null });
      }),
    }),
    [state, onChange],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
