import { PUBLIC_ROUTES } from './public-routes.ts';

// The code behind the start's own pages, loaded on demand: React Router (~29 KB gzipped), TanStack Query (~10 KB) and
// everything behind the login. Apart from app/Start.tsx (which imports MUI), so that app/start-calls.ts, evaluated
// before the rest of the portal's entry, can start fetching it.

export type RouterModule = typeof import('./router.tsx');
let routerModule: RouterModule | null = null;
let routerLoading: Promise<RouterModule> | null = null;

/** React Router's module (app/router.tsx), fetched once. */
export const loadRouter = () =>
  (routerLoading ??= import('./router.tsx').then(
    (m) => (routerModule = m),
    (err: unknown) => {
      routerLoading = null; // offline: asked again on the next attempt
      throw err;
    },
  ));

/** The router's module if it is in already. */
export const loadedRouter = () => routerModule;

/**
 * Fetch React Router, the signed-in pages' route table and (`shell`) the signed-in shell ahead of need, all at once
 * rather than one after the other: app/start-calls.ts does for a page the start does not show itself, the login page
 * when a sign-in is sent.
 */
export function preloadApp(shell = true) {
  // a failure shows when the router, the route table or the shell renders
  loadRouter().catch(() => {});
  import('./signed-in-routes.tsx').catch(() => {});
  if (shell) import('./chrome/AppShell.tsx').catch(() => {});
}

/** The public page at a path that the start shows itself (`start: true`, a path without parameters). */
export function startRoute(pathname: string) {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return PUBLIC_ROUTES.find((r) => r.start && r.path === path);
}

export const isStartPage = (pathname: string) => !!startRoute(pathname);
