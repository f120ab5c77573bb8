import { authRoutes } from './auth/routes.ts';
import type { ApiModule } from './types.ts';

// Every area's routes, registered under /public/v1 and /rest/v1.
export const apiModules: ApiModule[] = [authRoutes];
