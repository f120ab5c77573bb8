import type { Api } from '../types.ts';

export function auditRoutes(_api: Api) {}
