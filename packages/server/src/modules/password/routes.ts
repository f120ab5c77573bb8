import type { Api } from '../types.ts';

export function passwordRoutes(_api: Api) {}
