import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadedRouter, loadRouter, preloadApp, startRoute } from './load-app.ts';
import { useMaintenance } from './maintenance.ts';
import { NavContext, type Nav } from './nav.tsx';
import { PageFallback } from './PageFallback.tsx';
import { PublicPage } from './PublicPage.tsx';
import { StartSessionProvider } from './session/StartSession.tsx';
import type { AuthContext } from './session/types.ts';

const Maintenance = lazy(() => import('./Maintenance.tsx'));

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * The portal's start. A public page marked `start` (the login above all) is shown through this path switch, without
 * React Router or the query cache; any other path, or a navigation to one, hands over to React Router
 * (app/router.tsx), which from then on shows every page, the public ones included. `context`: the session check
 * app/start-calls.ts started.
 */
export function Start({ context }: { context: Promise<AuthContext | null> }) {
  // the session as last known, for the router when it takes over
  const [session, setSession] = useState(context);
  const [location, setLocation] = useState(here);
  const route = startRoute(location.pathname);
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

/**
 * The portal under React Router, once its code is in: at once when the start's preload (app/start-calls.ts) has
 * brought it, else after the loading bar. Not React.lazy: a lazy component suspends on its first render even when its
 * module has arrived, and React reveals a suspended boundary's content no sooner than 300 ms after it showed its
 * fallback, which held every signed-in page's first load back by up to that long.
 */
function PortalRouter({ context }: { context: Promise<AuthContext | null> }) {
  const [loaded, setLoaded] = useState(loadedRouter);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!loaded) loadRouter().then(setLoaded, setError);
  }, [loaded]);
  if (error) throw error;
  if (!loaded) return <PageFallback />;
  const Router = loaded.default;
  return <Router context={context} />;
}
