import type { Api } from '../types.ts';

export function tokenRoutes(_api: Api) {}
