import { createBrowserRouter, Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useMaintenance } from './maintenance.ts';
import { AppError } from './errors/AppError.tsx';
import { PageFallback } from './PageFallback.tsx';
import { PublicPage } from './PublicPage.tsx';
import { NOT_FOUND } from './not-found-route.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import type { RouteDef } from './route-def.ts';
import { loadAppShell, RequireSession } from './RequireSession.tsx';
import { getSessionId } from '../api/session-id.ts';
import { SessionProvider } from './session/SessionProvider.tsx';

const Maintenance = lazy(() => import('./Maintenance.tsx'));

/** The layout route the pages behind the login are added to, once known (see portalRouterOptions). */
const SIGNED_IN = 'signed-in';

/** Session, then maintenance mode (a 503 anywhere), then the page. */
function Root() {
  const down = useMaintenance();
  return (
    <SessionProvider>
      {down ? (
        <Suspense fallback={<PageFallback />}>
          <Maintenance />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </SessionProvider>
  );
}

/**
 * The route tree the router starts with: the public pages, and the signed-in shell without its pages yet
 * (portalRouterOptions adds them on the first navigation that needs them).
 */
export function portalRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <AppError />,
      // shown while the signed-in pages' routes load, on a first visit to one of them
      hydrateFallbackElement: <PageFallback />,
      children: [
        ...PUBLIC_ROUTES.map((r) => ({
          path: r.path,
          element: <PublicPage route={r} />,
          errorElement: <AppError />,
          handle: { route: r },
        })),
        {
          id: SIGNED_IN,
          element: <RequireSession />,
          children: [
            // Any path no page claims: the not-found page, which shows the path it was given. It is here from the
            // start, not with the route table, so that the first load of a signed-in page matches it while the table
            // loads: the router still asks patchRoutesOnNavigation (a splat may hide a more specific route) and shows
            // the fallback meanwhile, where an empty match made it warn "No routes matched location".
            {
              path: '*',
              element: <PublicPage route={NOT_FOUND} />,
              errorElement: <AppError />,
              handle: { route: NOT_FOUND },
            },
          ],
        },
      ],
    },
  ];
}

/**
 * Lazy route discovery: a path no public page matches loads the route table (app/signed-in-routes.tsx) and adds
 * it under the signed-in shell. Any router over portalRoutes() needs these options.
 */
export function portalRouterOptions(client?: QueryClient): {
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
} {
  // one load per router; a failed one (offline) is tried again on the next navigation
  let signedIn: Promise<RouteObject[]> | null = null;
  return {
    async patchRoutesOnNavigation({ path, matches, patch }) {
      // a public page with a path parameter (the embedded lead form) is asked about too: it needs nothing more
      if ((matches.at(-1)?.route.handle as { route?: RouteDef } | undefined)?.route?.public) return;
      if (!signedIn) {
        // The first signed-in page of a visit: with a session kept, it will most likely show, so its shell and
        // page code are fetched alongside the route table and the session check, not one after the other.
        const likelySignedIn = !!getSessionId();
        if (likelySignedIn) loadAppShell().catch(() => {}); // a failure shows when the shell renders
        signedIn = import('./signed-in-routes.tsx').then(
          (m) => {
            const routes = m.signedInRoutes();
            if (likelySignedIn) m.preloadPage(routes, path, client);
            return routes;
          },
          (err: unknown) => {
            signedIn = null;
            throw err;
          },
        );
      }
      // every navigation patches (an interrupted one's patch is dropped); routes already there are kept as they are
      patch(SIGNED_IN, await signedIn);
    },
  };
}

export function createPortalRouter(client?: QueryClient) {
  return createBrowserRouter(portalRoutes(), portalRouterOptions(client));
}
