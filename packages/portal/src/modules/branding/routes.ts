import { page, type RouteDef } from '../../app/route-def.ts';

const BRANDING_MODULE = 'MD-0011';

/** The branding area's named routes (app/routes.ts lists every area's). */
export const brandingRoutes: RouteDef[] = [
  {
    name: 'settings.branding',
    path: '/settings/branding/:tab?',
    title: 'Branding',
    parent: 'settings',
    module: BRANDING_MODULE,
    restrictModule: true,
    // spec §2: portals and domains (the identity area's domains: proven once, used for sign-in and for hosts)
    tabs: [
      { id: 'portals', label: 'Portals', module: BRANDING_MODULE },
      { id: 'domains', label: 'Domains', module: 'MD-0001' },
    ],
    component: page(() => import('./BrandingSettingsPage.tsx')),
  },
  {
    name: 'settings.branding.portals.details',
    path: '/settings/branding/portals/:id',
    title: 'Portal',
    parent: 'settings.branding',
    back: 'settings.branding',
    module: BRANDING_MODULE,
    restrictModule: true,
    hideInNavMenu: true,
    component: page(() => import('./portals/PortalPage.tsx')),
  },
];
