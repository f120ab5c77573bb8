import type { Api } from '../types.ts';

/** Registered by catalogRoutes. */
export function localizationRoutes(_api: Api) {}
