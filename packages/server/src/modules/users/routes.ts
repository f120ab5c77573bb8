import type { Api } from '../types.ts';

export function userRoutes(_api: Api) {}
