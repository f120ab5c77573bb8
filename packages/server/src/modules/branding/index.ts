import { portalResource } from '@trellis/domain';
import { defineArea } from '../types.ts';
import { brands } from './brands.ts';
import { portals } from './portals.ts';
import { brandingRoutes } from './routes.ts';

/**
 * Brands and their portals (the look of each host), and the brand the portal reads for its host before login.
 * A portal's DELETE is a hand route (routes.ts): it also drops the portal's image files once committed.
 */
export const branding = defineArea({
  name: 'branding',
  resources: [brands, { ...portals, decl: { ...portalResource, remove: false } }],
  routes: brandingRoutes,
});
