import type { Api } from '../types.ts';

/** Marketplaces, countries, hubs, connections, listings, listing requests, partners. */
export function distributionRoutes(_api: Api) {}
