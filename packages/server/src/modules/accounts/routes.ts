import type { Api } from '../types.ts';

export function accountRoutes(_api: Api) {}
