import type { Api } from '../types.ts';

/** Registered by catalogRoutes. */
export function contentRoutes(_api: Api) {}
