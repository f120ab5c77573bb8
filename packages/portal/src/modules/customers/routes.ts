import { page, type RouteDef } from '../../app/route-def.ts';

/** The customers area's named routes (app/routes.ts lists every area's). */
export const customersRoutes: RouteDef[] = [
  {
    name: 'customers',
    navOrder: 80,
    path: '/customers/:tab?',
    title: 'Customers',
    module: 'MD-0009',
    restrictModule: true,
    tabs: [
      { id: 'directory', label: 'Customers' },
      { id: 'requests', label: 'Tier account requests' },
    ],
    component: page(() => import('./CustomersPage.tsx')),
  },
  {
    name: 'customers.directory.details',
    path: '/customers/directory/:id',
    title: 'Customer',
    parent: 'customers',
    back: 'customers',
    module: 'MD-0009',
    restrictModule: true,
    hideInNavMenu: true,
    component: page(() => import('./CustomerDetailsPage.tsx')),
  },
  {
    name: 'customers.requests.details',
    path: '/customers/requests/:id',
    title: 'Tier account request',
    parent: 'customers',
    back: 'customers',
    module: 'MD-0009',
    restrictModule: true,
    hideInNavMenu: true,
    component: page(() => import('./TierAccountRequestDetailsPage.tsx')),
  },
];
