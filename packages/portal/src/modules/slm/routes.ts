import { page, type RouteDef } from '../../app/route-def.ts';

// The SLA settings' module (domain slm/sla.ts slaResource.module): the API reads and writes them with it only.
const ACCOUNT_MODULE = 'MD-0001';

/** The service levels area's named routes (app/routes.ts lists every area's). */
export const slmRoutes: RouteDef[] = [
  {
    name: 'settings.sla',
    path: '/settings/sla',
    title: 'Service levels',
    parent: 'settings',
    module: ACCOUNT_MODULE,
    restrictModule: true,
    component: page(() => import('./SlaSettingsPage.tsx')),
  },
];
