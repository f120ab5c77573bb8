import { page, type RouteDef } from '../../app/route-def.ts';
import { statisticsQuery } from './statistics.ts';

/** The dashboard area's named routes (app/routes.ts lists every area's). */
export const dashboardRoutes: RouteDef[] = [
  {
    name: 'dashboard',
    navOrder: 10,
    path: '/',
    title: 'Dashboard',
    hideInPermissionsList: true,
    component: page(() => import('./DashboardPage.tsx')),
    prefetch: (client, context) => client.prefetchQuery(statisticsQuery(context.account.id)),
  },
];
