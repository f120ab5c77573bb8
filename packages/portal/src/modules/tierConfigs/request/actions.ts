import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { tierConfigRequestResource, type TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { stateActions, type RequestAction, type Viewer } from '../../../components/RequestParams/index.ts';

export type { RequestAction as TcrAction, Viewer } from '../../../components/RequestParams/index.ts';
export { INQUIRE_HINT } from '../../../components/RequestParams/index.ts';

/** The parameters of a request (the reference also returns them at the top level). */
export const paramsOfRequest = (r: TierConfigRequest): RequestParam[] => r.configuration.params ?? r.params ?? [];

/** The buttons the request's status allows this side (see `stateActions`). */
export function tcrActions(r: TierConfigRequest, viewer: Viewer): RequestAction[] {
  return stateActions(tierConfigRequestResource, r, paramsOfRequest(r), viewer);
}

/**
 * Who may change which parameters now: the provider its ordering values while the request is open (the server
 * also takes them while a T1 request waits in tiers_setup), the vendor the fulfillment values and marks on the
 * provider's ones while the request is its to decide.
 */
export function tcrParamRights(r: TierConfigRequest, viewer: Viewer): { editable: (p: RequestParam) => boolean; markErrors: boolean } {
  const none = { editable: () => false, markErrors: false };
  if (!viewer.canWrite) return none;
  if (viewer.type === 'provider' && ['draft', 'pending', 'inquiring', 'tiers_setup'].includes(r.status)) {
    return { editable: (p) => p.phase === 'ordering' && !(p.constraints as { readonly?: boolean }).readonly, markErrors: false };
  }
  if (viewer.type === 'vendor' && ['pending', 'inquiring'].includes(r.status)) {
    return { editable: (p) => p.phase === 'fulfillment', markErrors: true };
  }
  return none;
}
