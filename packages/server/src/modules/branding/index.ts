import { defineArea } from '../types.ts';
import { brandingRoutes } from './routes.ts';

/** Brands and the portal's look for each host; read before login. */
export const branding = defineArea({ name: 'branding', routes: brandingRoutes });
