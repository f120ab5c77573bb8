import { Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageFallback } from './PageFallback.tsx';
import { useSession } from './session/SessionProvider.tsx';

/** The signed-in shell's code; app/router.tsx fetches it early, alongside the session check. */
export const loadAppShell = () => import('./chrome/AppShell.tsx');
const AppShell = lazy(loadAppShell);
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
