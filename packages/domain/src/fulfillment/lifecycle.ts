import type { AssetStatus } from './asset.ts';
import type { RequestType } from './request.ts';

// What each request type does to its asset (reference workflows "subscriptions" and
// "subscriptions-fulfillment-request"). Pure, so the server applies it and the portal explains it.

/** Asset statuses from which a request of this type may be opened. */
export const ASSET_STATUSES_FOR: Record<RequestType, readonly AssetStatus[]> = {
  purchase: [],
  change: ['active'],
  suspend: ['active'],
  resume: ['suspended'],
  cancel: ['active', 'suspended'],
  adjustment: ['active', 'suspended'],
  renew: ['active'],
  transfer: ['active'],
};

/** The asset's status while a request is open (draft purchases make draft assets). */
export function assetStatusWhileOpen(type: RequestType, draft: boolean, current: AssetStatus): AssetStatus {
  if (type === 'purchase') return draft ? 'draft' : 'processing';
  if (type === 'cancel' && !draft) return 'terminating';
  return current;
}

/** The asset's status once the request is approved. */
export function assetStatusOnApprove(type: RequestType, current: AssetStatus): AssetStatus {
  switch (type) {
    case 'purchase':
    case 'resume':
    case 'renew':
      return 'active';
    case 'suspend':
      return 'suspended';
    case 'cancel':
      return 'terminated';
    default:
      return current;
  }
}

/** The asset's status once the request fails or is revoked: a purchase never started, anything else stays as it was. */
export function assetStatusOnFail(type: RequestType, statusBefore: AssetStatus): AssetStatus {
  if (type === 'purchase') return 'terminated';
  return statusBefore;
}

/** Request id of an asset's n-th request (reference: PR-xxxx-xxxx-xxxx-001 for AS-xxxx-xxxx-xxxx). */
export function requestIdFor(assetId: string, n: number): string {
  return `PR-${assetId.replace(/^AS-/, '')}-${String(n).padStart(3, '0')}`;
}

/**
 * Where a request in tiers_setup sends the user (spec §4): the tier1 config request unless that one is itself
 * in tiers_setup (waiting for its T2), otherwise the tier2 one.
 */
export function tiersSetupTarget<T extends { status: string; configuration: { tier_level: number } }>(
  requests: readonly T[],
): T | undefined {
  const t1 = requests.find((r) => r.configuration.tier_level === 1);
  const t2 = requests.find((r) => r.configuration.tier_level === 2);
  if (t1 && t1.status !== 'tiers_setup') return t1;
  return t2 ?? t1;
}
