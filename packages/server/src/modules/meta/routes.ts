import type { Api } from '../types.ts';

export function metaRoutes(_api: Api) {}
