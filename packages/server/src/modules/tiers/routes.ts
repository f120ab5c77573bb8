import type { Api } from '../types.ts';

/** Tier accounts (customers, T1, T2) and their versions. */
export function tierRoutes(_api: Api) {}
