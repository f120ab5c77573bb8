import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { lazy, Suspense } from 'react';
import { useMaintenance } from './maintenance.ts';
import { AppError } from './errors/AppError.tsx';
import { PageFallback } from './PageFallback.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RoutePage } from './RoutePage.tsx';
import { ROUTES, routeByName } from './routes.ts';
import { SessionProvider } from './session/SessionProvider.tsx';

const Maintenance = lazy(() => import('./Maintenance.tsx'));

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

/** The route tree of the registry: public pages, then the signed-in shell with every other page. */
export function portalRoutes(): RouteObject[] {
  const notFound = routeByName('notFound');
  const toRoute = (r: (typeof ROUTES)[number]) => ({
    path: r.path,
    element: <RoutePage route={r} />,
    // a page that fails to render shows the app's own error, inside the shell, with a way back
    errorElement: <AppError />,
    handle: { route: r },
  });
  return [
    {
      element: <Root />,
      errorElement: <AppError />,
      children: [
        ...ROUTES.filter((r) => r.public).map(toRoute),
        {
          element: <RequireSession />,
          children: [
            ...ROUTES.filter((r) => !r.public).map(toRoute),
            // Any other path: the not-found page, which shows the path it was given.
            { path: '*', element: <RoutePage route={notFound} />, handle: { route: notFound } },
          ],
        },
      ],
    },
  ];
}

export function createPortalRouter() {
  return createBrowserRouter(portalRoutes());
}
