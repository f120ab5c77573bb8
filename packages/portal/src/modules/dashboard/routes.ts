import { page, type RouteDef } from '../../app/route-def.ts';
import type { AuthContext } from '../../app/session/types.ts';
import { askStatisticsEarly, statisticsQuery } from './statistics.ts';

const dashboard = page(() => import('./DashboardPage.tsx'));

/** The dashboard area's named routes (app/routes.ts lists every area's). */
export const dashboardRoutes: RouteDef[] = [
  {
    name: 'dashboard',
    navOrder: 10,
    path: '/',
    title: 'Dashboard',
    hideInPermissionsList: true,
    component: dashboard,
    prefetch: (client, context) => client.prefetchQuery(statisticsQuery(context.account.id)),
  },
];

/**
 * A load of the dashboard (the page a sign-in lands on) with a session kept: its code and its counters are asked for
 * at the start (app/start-calls.ts), beside the router's and the shell's code and the session check, not once the
 * route table has found the page.
 */
export function preloadDashboard(context: Promise<AuthContext | null>) {
  dashboard.preload?.().catch(() => {}); // a failure shows when the page renders
  askStatisticsEarly(context);
}
