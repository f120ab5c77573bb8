import { matchRoutes, type RouteObject } from 'react-router';
import { AppError } from './errors/AppError.tsx';
import { RoutePage } from './RoutePage.tsx';
import { ROUTES, routeByName, type RouteDef } from './routes.ts';

// Loaded on the first visit to a page behind the login (app/router.tsx): the route table with every page's import.

const toRoute = (r: RouteDef): RouteObject => ({
  path: r.path,
  element: <RoutePage route={r} />,
  // a page that fails to render shows the app's own error, inside the shell, with a way back
  errorElement: <AppError />,
  handle: { route: r },
});

/** Every page that is not public, then the not-found page for any other path. */
export function signedInRoutes(): RouteObject[] {
  const notFound = routeByName('notFound');
  return [
    ...ROUTES.filter((r) => !r.public).map(toRoute),
    // Any other path: the not-found page, which shows the path it was given.
    { path: '*', element: <RoutePage route={notFound} />, handle: { route: notFound } },
  ];
}

/** Start fetching the code of the page at `path` (its route's chunk), so it is there when the session is. */
export function preloadPage(routes: RouteObject[], path: string) {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route.handle as { route?: RouteDef } | undefined;
  // a failure shows when the page renders (and asks again)
  leaf?.route?.component.preload?.().catch(() => {});
}
