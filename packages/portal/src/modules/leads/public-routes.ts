import { page, type RouteDef } from '../../app/route-def.ts';

/** The leads area's page for visitors (app/public-routes.ts; also part of leadsRoutes). */
export const leadsPublicRoutes: RouteDef[] = [
  {
    name: 'leads.embed',
    path: '/embed/leads/:listingId',
    title: 'Contact form',
    public: true,
    hideInNavMenu: true,
    hideInPermissionsList: true,
    component: page(() => import('./EmbedLeadFormPage.tsx')),
  },
];
