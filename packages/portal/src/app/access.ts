import { allows } from '@trellis/domain/identity/modules';
import type { RouteDef } from './routes.ts';

export interface AccessSubject {
  account: { type: string; role?: string; roles?: string[] };
  /** Granted module ids (MD-0000 grants all). */
  permissions: string[];
}

/** Is the route meant for this kind of account (vendor; provider acting as distributor and/or reseller)? */
export function visibleToAccount(route: RouteDef, account: AccessSubject['account']): boolean {
  if (account.type === 'vendor') return route.visibleToVendor !== false;
  if (account.type !== 'provider' || route.visibleToProvider === false) return false;
  const roles = new Set([...(account.roles ?? []), ...(account.role ? [account.role] : [])]);
  const asDistributor = roles.has('distributor') && route.visibleToDistributor !== false;
  const asReseller = roles.has('reseller') && route.visibleToReseller !== false;
  // A provider with neither role named still sees what is not hidden from providers.
  return asDistributor || asReseller || (!roles.has('distributor') && !roles.has('reseller'));
}

/** May the subject open the route? Public pages always; others by account kind and module permission. */
export function canAccess(route: RouteDef, subject: AccessSubject | null): boolean {
  if (route.public) return true;
  if (!subject) return false;
  if (!visibleToAccount(route, subject.account)) return false;
  if (route.restrictModule && route.module) return allows(subject.permissions, route.module);
  return true;
}
