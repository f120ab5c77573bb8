import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMaintenance } from './maintenance.ts';
import { NavContext, type Nav } from './nav.tsx';
import { PageFallback } from './PageFallback.tsx';
import { PublicPage } from './PublicPage.tsx';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { StartSessionProvider } from './session/StartSession.tsx';
import type { AuthContext } from './session/types.ts';

// React Router (~29 KB gzipped), TanStack Query (~10 KB) and everything behind the login load on the first visit to
// a page that needs them.
const loadRouter = () => import('./router.tsx');
const PortalRouter = lazy(loadRouter);
const Maintenance = lazy(() => import('./Maintenance.tsx'));

/**
 * Fetch React Router and the signed-in pages' route table ahead of need (`shell`: the signed-in shell too): main.tsx
 * does at once for a page the start does not show itself, the login page when a sign-in is sent.
 */
export function preloadApp(shell = true) {
  loadRouter().then(
    (m) => m.preloadSignedIn(shell),
    () => {}, // a failure shows when the router renders
  );
}

/** The public page at a path that the start shows itself (`start: true`, a path without parameters). */
function publicRoute(pathname: string) {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return PUBLIC_ROUTES.find((r) => r.start && r.path === path);
}

export const isStartPage = (pathname: string) => !!publicRoute(pathname);

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * The portal's start. A public page marked `start` (the login above all) is shown through this path switch, without
 * React Router or the query cache; any other path, or a navigation to one, hands over to React Router
 * (app/router.tsx), which from then on shows every page, the public ones included. `context`: the session check
 * main.tsx started.
 */
export function Start({ context }: { context: Promise<AuthContext | null> }) {
  // the session as last known, for the router when it takes over
  const [session, setSession] = useState(context);
  const [location, setLocation] = useState(here);
  const route = publicRoute(location.pathname);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!route) return;
    const onPop = () => setLocation(here());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [route]);

  const navigate = useCallback<Nav['navigate']>((to, options) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    setLocation(here());
  }, []);
  const adopt = useCallback((ctx: AuthContext | null) => setSession(Promise.resolve(ctx)), []);
  const nav = useMemo<Nav>(() => ({ ...location, navigate, preloadApp: () => preloadApp() }), [location, navigate]);

  if (!route || failed)
    return (
      <Suspense fallback={<PageFallback />}>
        <PortalRouter context={session} />
      </Suspense>
    );
  return (
    <StartSessionProvider initial={context} onChange={adopt}>
      <NavContext.Provider value={nav}>
        <PublicPageOrMaintenance>
          <HandOver onError={() => setFailed(true)}>
            <PublicPage route={route} />
          </HandOver>
        </PublicPageOrMaintenance>
      </NavContext.Provider>
    </StartSessionProvider>
  );
}

/** Maintenance mode (a 503 anywhere) instead of the page, as under the router. */
function PublicPageOrMaintenance({ children }: { children: ReactNode }) {
  const down = useMaintenance();
  if (!down) return children;
  return (
    <Suspense fallback={<PageFallback />}>
      <Maintenance onRetry={() => {}} />
    </Suspense>
  );
}

/** A start page that throws (its chunk failed to load, a bug): the router takes over and shows its error page. */
class HandOver extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
