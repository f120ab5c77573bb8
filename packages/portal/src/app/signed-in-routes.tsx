import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { canAccess } from './access.ts';
import { AppError } from './errors/AppError.tsx';
import { RoutePage } from './RoutePage.tsx';
import { ROUTES, type RouteDef } from './routes.ts';
import { contextQuery } from './session/SessionProvider.tsx';

// Loaded on the first visit to a page behind the login (app/router.tsx): the route table with every page's import.

const toRoute = (r: RouteDef): RouteObject => ({
  path: r.path,
  element: <RoutePage route={r} />,
  // a page that fails to render shows the app's own error, inside the shell, with a way back
  errorElement: <AppError />,
  handle: { route: r },
});

/** Every page that is not public (any other path has the shell's catch-all, app/router.tsx: the not-found page). */
export function signedInRoutes(): RouteObject[] {
  return ROUTES.filter((r) => !r.public).map(toRoute);
}

/**
 * Start fetching the code of the page at `path` (its route's chunk), so it is there when the session is; and, with
 * the query client, the page's first data (its route's `prefetch`) as soon as the session's context is in. Returns
 * the code's loading, if the page has code to load.
 */
export function preloadPage(routes: RouteObject[], path: string, client?: QueryClient) {
  const route = (matchRoutes(routes, path)?.at(-1)?.route.handle as { route?: RouteDef } | undefined)?.route;
  const code = route?.component.preload?.();
  // a failure shows when the page renders (and asks again)
  code?.catch(() => {});
  const prefetch = route?.prefetch;
  if (!client || !prefetch) return code;
  client.fetchQuery(contextQuery).then(
    // not for a session that still owes its MFA step, nor a page the user may not open
    (context) =>
      context && !context.mfa?.mandatory && canAccess(route, context) && prefetch(client, context).catch(() => {}),
    () => {}, // the shell shows what went wrong
  );
  return code;
}
