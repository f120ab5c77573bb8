import type { Api } from '../types.ts';

export function sessionRoutes(_api: Api) {}
