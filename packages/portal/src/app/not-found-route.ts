import { page, type RouteDef } from './route-def.ts';

/**
 * The not-found page: the registry's `notFound` (app/routes.ts) and the page of any path no other route claims (the
 * signed-in shell's catch-all, app/router.tsx, which the router knows from the start).
 */
export const NOT_FOUND: RouteDef = {
  name: 'notFound',
  path: '/not-found/*',
  title: 'Page not found',
  hideInNavMenu: true,
  hideInPermissionsList: true,
  component: page(() => import('./errors/NotFoundPage.tsx')),
};
