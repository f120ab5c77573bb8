import type { Asset, AssetStatus } from '@trellis/domain/fulfillment/asset';
import { ASSET_STATUSES_FOR } from '@trellis/domain/fulfillment/lifecycle';
import type { RequestCreate, RequestType } from '@trellis/domain/fulfillment/request';

// What each side can ask for on a subscription: the provider changes, suspends, resumes and cancels its customer's
// subscription; the vendor adjusts one. Each is a new request the vendor then fulfils.

export type AssetAction = Extract<RequestType, 'change' | 'suspend' | 'resume' | 'cancel' | 'adjustment'>;

const BY_SIDE: Record<string, readonly AssetAction[]> = {
  provider: ['change', 'suspend', 'resume', 'cancel'],
  vendor: ['adjustment'],
};

export const ACTION_LABELS: Record<AssetAction, string> = {
  change: 'Change quantities',
  suspend: 'Suspend',
  resume: 'Resume',
  cancel: 'Cancel',
  adjustment: 'Adjust',
};

/** The actions this side may start from the asset's status (lifecycle ASSET_STATUSES_FOR). */
export function assetActions(side: string, status: AssetStatus): AssetAction[] {
  return (BY_SIDE[side] ?? []).filter((a) => ASSET_STATUSES_FOR[a].includes(status));
}

/** Body of POST /requests for an action on the asset; `change` carries the items whose quantity changes. */
export function actionBody(
  type: AssetAction,
  asset: Pick<Asset, 'id'>,
  items?: { id: string; quantity: string }[],
): RequestCreate {
  return { type, asset: { id: asset.id, ...(items ? { items } : {}) } };
}

/** What the confirmation asks, in the words of the side that acts. */
export function confirmText(type: AssetAction, asset: Pick<Asset, 'id' | 'product' | 'tiers'>): string {
  const what = `${asset.product.name} (${asset.id}) of ${asset.tiers.customer.name}`;
  switch (type) {
    case 'suspend':
      return `Ask the vendor to suspend ${what}? The service pauses once the vendor approves the request.`;
    case 'resume':
      return `Ask the vendor to resume ${what}?`;
    case 'cancel':
      return `Ask the vendor to cancel ${what}? The subscription is terminating from now on and ends for good once the vendor approves.`;
    case 'adjustment':
      return `Open an adjustment request for ${what}? Correct its parameters on the request, then approve it.`;
    default:
      return '';
  }
}
