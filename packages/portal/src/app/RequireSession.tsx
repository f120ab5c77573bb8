import { Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageFallback } from './PageFallback.tsx';
import { page } from './route-def.ts';
import { useSession } from './session/SessionProvider.tsx';

/** The signed-in shell (its code rendered at once when app/router.tsx fetched it early, alongside the session check). */
const AppShell = page(() => import('./chrome/AppShell.tsx'));
export const loadAppShell = AppShell.preload!;
const StartError = lazy(() => import('./StartError.tsx'));

/** Pages behind the login: wait for the session, send strangers to /login (coming back afterwards). */
export function RequireSession() {
  const { context, error } = useSession();
  const location = useLocation();
  if (context === undefined) return <PageFallback />;
  // a session that must complete MFA first goes back to the login's MFA step (and then comes back here)
  if (context?.mfa?.mandatory) {
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (context === null) {
    if (error)
      return (
        <Suspense fallback={<PageFallback />}>
          <StartError error={error} />
        </Suspense>
      );
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <Suspense fallback={<PageFallback />}>
      <AppShell />
    </Suspense>
  );
}
