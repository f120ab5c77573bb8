import type { Api } from '../types.ts';

/** Registered by catalogRoutes. */
export function parameterRoutes(_api: Api) {}
