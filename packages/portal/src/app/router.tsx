import {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { NavContext, type Nav } from './nav.tsx';
import { useMaintenance } from './maintenance.ts';
import { AppError } from './errors/AppError.tsx';
import { PageFallback } from './PageFallback.tsx';
import { PublicPage } from './PublicPage.tsx';
import { NOT_FOUND } from './not-found-route.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import type { RouteDef } from './route-def.ts';
import { loadAppShell, RequireSession } from './RequireSession.tsx';
import { getSessionId } from '../api/session-id.ts';
import { ApiError } from '../api/errors.ts';
import { contextQuery, SessionProvider } from './session/SessionProvider.tsx';
import type { AuthContext } from './session/types.ts';

const Maintenance = lazy(() => import('./Maintenance.tsx'));

/** The layout route the pages behind the login are added to, once known (see portalRouterOptions). */
const SIGNED_IN = 'signed-in';

/** Session, then maintenance mode (a 503 anywhere), then the page. */
function Root() {
  const down = useMaintenance();
  const client = useQueryClient();
  return (
    <SessionProvider>
      {down ? (
        <Suspense fallback={<PageFallback />}>
          <Maintenance onRetry={() => void client.invalidateQueries()} />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </SessionProvider>
  );
}

/** The public pages' navigation (app/nav.tsx) under React Router. */
function RouterNav({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<Nav>(
    () => ({ pathname, search, navigate: (to, options) => void navigate(to, options), preloadApp: () => {} }),
    [pathname, search, navigate],
  );
  return <NavContext.Provider value={nav}>{children}</NavContext.Provider>;
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
          element: (
            <RouterNav>
              <PublicPage route={r} />
            </RouterNav>
          ),
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
      let code: Promise<unknown> | undefined;
      if (!signedIn) {
        // The first signed-in page of a visit: with a session kept, it will most likely show, so its shell and
        // page code are fetched alongside the route table and the session check, not one after the other.
        const likelySignedIn = !!getSessionId();
        // a failure shows when the shell renders
        const shell = likelySignedIn ? loadAppShell().catch(() => {}) : undefined;
        let page: Promise<unknown> | undefined;
        signedIn = import('./signed-in-routes.tsx').then(
          (m) => {
            const routes = m.signedInRoutes();
            if (likelySignedIn) page = m.preloadPage(routes, path, client);
            return routes;
          },
          (err: unknown) => {
            signedIn = null;
            throw err;
          },
        );
        if (shell && client) code = signedIn.then(() => ready(client, shell, page));
      }
      // every navigation patches (an interrupted one's patch is dropped); routes already there are kept as they are
      patch(SIGNED_IN, await signedIn);
      // This first navigation ends once the session is known and, for a signed-in one, the shell's and the page's
      // code is in: they then render at once, in one pass. A page that suspended for its code instead showed the
      // loading bar, and React reveals a boundary's content no sooner than 300 ms after its fallback showed.
      await code;
    },
  };
}

/** The session's context, and the code of the shell and the page when the session may see them (failures: none). */
async function ready(client: QueryClient, shell: Promise<unknown>, page: Promise<unknown> | undefined) {
  const context = await client.fetchQuery(contextQuery).catch(() => null);
  if (context && !context.mfa?.mandatory) await Promise.all([shell, page?.catch(() => {})]);
}

export function createPortalRouter(client?: QueryClient) {
  return createBrowserRouter(portalRoutes(), portalRouterOptions(client));
}

let portal: { client: QueryClient; router: ReturnType<typeof createPortalRouter> } | null = null;

/**
 * The portal under React Router, with the query cache (app/Start.tsx hands over to it, with the session it knows):
 * one router for the page's life.
 */
export default function PortalRouter({ context }: { context: Promise<AuthContext | null> }) {
  if (!portal) {
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: 15_000,
          refetchOnWindowFocus: false,
          // Client errors will not get better by asking again.
          retry: (count, err) =>
            !(err instanceof ApiError && err.status >= 400 && (err.status < 500 || err.status === 503)) && count < 2,
        },
      },
    });
    void client.prefetchQuery({ ...contextQuery, queryFn: () => context });
    portal = { client, router: createPortalRouter(client) };
  }
  return (
    <QueryClientProvider client={portal.client}>
      <RouterProvider router={portal.router} />
    </QueryClientProvider>
  );
}
