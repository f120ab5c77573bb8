import type { Api } from '../types.ts';

export function statisticsRoutes(_api: Api) {}
