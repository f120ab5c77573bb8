import { NOT_FOUND } from './not-found-route.ts';
import { page, type RouteDef } from './route-def.ts';
import { identityRoutes } from '../modules/identity/routes.ts';
import { dashboardRoutes } from '../modules/dashboard/routes.ts';
import { catalogRoutes } from '../modules/catalog/routes.ts';
import { distributionRoutes } from '../modules/distribution/routes.ts';
import { customersRoutes } from '../modules/customers/routes.ts';
import { fulfillmentRoutes } from '../modules/fulfillment/routes.ts';
import { brandingRoutes } from '../modules/branding/routes.ts';
import { partnersRoutes } from '../modules/partners/routes.ts';
import { leadsRoutes } from '../modules/leads/routes.ts';
import { usageRoutes } from '../modules/usage/routes.ts';
import { newsRoutes } from '../modules/news/routes.ts';
import { helpdeskRoutes } from '../modules/helpdesk/routes.ts';
import { slmRoutes } from '../modules/slm/routes.ts';
import { notificationsRoutes } from '../modules/notifications/routes.ts';
import { reportingRoutes } from '../modules/reporting/routes.ts';

export type { RouteDef } from './route-def.ts';

// Named routes, registered once by their area (modules/<area>/routes.ts). Navigation, access checks, breadcrumbs,
// back routes and recents are derived from this list; pages are loaded on demand (one chunk per route module).

/** Detail ids: upper-case letters, then digits and dashes (PRD-276-377-545, SU-123-456). */
export const DETAIL_ID = /^[A-Z]+-[0-9-]+$/;

/** Every area's routes, then the shell's own (settings index, not found). Order within an area is kept. */
export const ROUTES: RouteDef[] = [
  ...identityRoutes,
  ...dashboardRoutes,
  ...catalogRoutes,
  ...distributionRoutes,
  ...customersRoutes,
  ...fulfillmentRoutes,
  ...brandingRoutes,
  ...partnersRoutes,
  ...leadsRoutes,
  ...usageRoutes,
  ...newsRoutes,
  ...helpdeskRoutes,
  ...slmRoutes,
  ...notificationsRoutes,
  ...reportingRoutes,
  {
    name: 'settings',
    navOrder: 900,
    path: '/settings',
    title: 'Settings',
    hideInPermissionsList: true,
    component: page(() => import('./SettingsIndexPage.tsx')),
  },
  NOT_FOUND,
];

const byName = new Map<string, RouteDef>();
for (const r of ROUTES) {
  if (byName.has(r.name)) throw new Error(`Route ${r.name} is registered twice`);
  byName.set(r.name, r);
}

export function routeByName(name: string): RouteDef {
  const r = byName.get(name);
  if (!r) throw new Error(`Unknown route ${name}`);
  return r;
}

/** The route of that name, or undefined when no such page exists (yet). */
export function findRoute(name: string): RouteDef | undefined {
  return byName.get(name);
}

/**
 * The URL of a named route: `pathTo('accounts.details', {id: 'VA-123'})`. Optional params are
 * dropped when missing; a missing required one throws (a programming error).
 */
export function pathTo(name: string, params: Record<string, string | undefined> = {}): string {
  const path = routeByName(name)
    .path.replace(/\/:(\w+)(\?)?/g, (_, key: string, optional?: string) => {
      const v = params[key];
      if (v === undefined || v === '') {
        if (optional) return '';
        throw new Error(`Route ${name} needs ${key}`);
      }
      return `/${encodeURIComponent(v)}`;
    })
    .replace(/\/\*$/, params['*'] ? `/${params['*'].replace(/^\//, '')}` : '');
  return path || '/';
}

/** Where a page that cannot show `originalPath` sends the user. */
export function notFoundPath(originalPath: string): string {
  return `/not-found${originalPath.startsWith('/') ? originalPath : `/${originalPath}`}`;
}

/** Parents of a route, outermost first (for breadcrumbs). */
export function ancestors(route: RouteDef): RouteDef[] {
  const out: RouteDef[] = [];
  for (let p = route.parent; p; p = byName.get(p)?.parent) {
    const r = byName.get(p);
    if (!r || out.includes(r)) break;
    out.unshift(r);
  }
  return out;
}

/** Top-level menu entries and their children, in registry order. */
export function menuTree(routes: RouteDef[] = ROUTES): { route: RouteDef; children: RouteDef[] }[] {
  const visible = routes.filter((r) => !r.public && !r.hideInNavMenu && r.name !== 'notFound');
  return visible
    .filter((r) => !r.parent)
    .sort((a, b) => (a.navOrder ?? 500) - (b.navOrder ?? 500))
    .map((route) => ({ route, children: visible.filter((c) => c.parent === route.name) }));
}
