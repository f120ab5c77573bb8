import type { RouteDef } from './route-def.ts';
import { identityPublicRoutes } from '../modules/identity/public-routes.ts';
import { leadsPublicRoutes } from '../modules/leads/public-routes.ts';

// The pages anyone may open (login, password set and restore, SSO redirect, ...). The router knows these from the
// start; the other routes (app/routes.ts, with every page's import) load once a signed-in page is asked for, so the
// login page's JavaScript carries neither the route table nor the areas' code. Each area also lists its public
// routes in its routes.ts (the registry: names, paths, breadcrumbs).
export const PUBLIC_ROUTES: RouteDef[] = [...identityPublicRoutes, ...leadsPublicRoutes];
