import { requestResource, VENDOR_REQUEST_TYPES, type Request } from '@trellis/domain/fulfillment/request';
import { stateActions, type RequestAction, type Viewer } from '../../../components/RequestParams/index.ts';

export { INQUIRE_HINT, type RequestAction, type Viewer } from '../../../components/RequestParams/index.ts';

/**
 * The buttons the request's status allows this side (see `stateActions`), with one Submit for a draft (a
 * provider's purchase draft submits through `purchase`) and Delete draft for the side that made the draft.
 */
export function requestActions(r: Request, viewer: Viewer): RequestAction[] {
  const actions = stateActions(requestResource, r, r.asset.params, viewer);
  const purchase = r.type === 'purchase' && actions.some((a) => a.name === 'purchase');
  const out = actions.filter((a) => a.name !== 'purchase')
    .map((a) => (a.name === 'submit' && purchase ? { ...a, endpoint: 'purchase' } : a));
  // A draft is deleted by the side that made it (the vendor's adjustments, the provider's other requests).
  const maker = VENDOR_REQUEST_TYPES.includes(r.type) ? 'vendor' : 'provider';
  if (viewer.canWrite && r.status === 'draft' && viewer.type === maker) out.push({ name: 'delete', endpoint: '', label: 'Delete draft' });
  return out;
}

/** Who may change which parameters now (brief: provider ordering in draft/inquiring; vendor fulfillment + marks in pending/inquiring). */
export function paramRights(r: Request, viewer: Viewer): { editable: (p: Request['asset']['params'][number]) => boolean; markErrors: boolean } {
  if (!viewer.canWrite) return { editable: () => false, markErrors: false };
  if (viewer.type === 'provider' && (r.status === 'draft' || r.status === 'inquiring')) {
    return { editable: (p) => p.phase === 'ordering' && !(p.constraints as { readonly?: boolean }).readonly, markErrors: false };
  }
  if (viewer.type === 'vendor' && (r.status === 'pending' || r.status === 'inquiring')) {
    return { editable: (p) => p.phase === 'fulfillment', markErrors: true };
  }
  return { editable: () => false, markErrors: false };
}
