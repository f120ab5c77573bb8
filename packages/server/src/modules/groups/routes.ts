import type { Api } from '../types.ts';

export function groupRoutes(_api: Api) {}
