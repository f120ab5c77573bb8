import { defineArea } from '../types.ts';
import { statisticsRoutes } from './routes.ts';

/** Dashboard counters: each area declares its own (Area.counters); this one serves them. */
export const dashboard = defineArea({ name: 'dashboard', routes: statisticsRoutes });
