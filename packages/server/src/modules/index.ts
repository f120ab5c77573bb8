import { accountRoutes } from './accounts/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { brandingRoutes } from './branding/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { distributionRoutes } from './distribution/routes.ts';
import { tierRoutes } from './tiers/routes.ts';
import { fulfillmentRoutes } from './fulfillment/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { metaRoutes } from './meta/routes.ts';
import { passwordRoutes } from './password/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { userRoutes } from './users/routes.ts';
import type { ApiModule } from './types.ts';

// Every area's routes, registered under /public/v1 and /rest/v1.
export const apiModules: ApiModule[] = [
  authRoutes, passwordRoutes, sessionRoutes, accountRoutes, userRoutes, groupRoutes, tokenRoutes,
  auditRoutes, statisticsRoutes, catalogRoutes, distributionRoutes, tierRoutes, fulfillmentRoutes, brandingRoutes, metaRoutes,
];
