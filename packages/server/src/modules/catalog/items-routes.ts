import type { Api } from '../types.ts';

/** Registered by catalogRoutes. */
export function itemRoutes(_api: Api) {}
