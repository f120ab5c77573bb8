import { useQuery } from '@tanstack/react-query';
import { OPEN_REQUEST_STATUSES, type Request } from '@trellis/domain/fulfillment/request';
import type { ApiError } from '../../../api/errors.ts';
import { fetchPage } from '../../../api/list.ts';
import { pathTo } from '../../../app/routes.ts';

// Shared by the subscription pages and the request details page: portal paths, API paths and the open request.

/** Portal path of a subscription (asset) / fulfillment request. */
export const assetPath = (id: string) => pathTo('subscriptions.directory.details', { id });
export const requestPath = (id: string, tab?: string) => pathTo('subscriptions.fulfillment.details', { id, tab });
/** The list page, on the given tab. */
export const subscriptionsPath = (tab: 'directory' | 'fulfillment' = 'directory') => pathTo('subscriptions', { tab });

/** API paths. */
export const ASSETS_API = '/assets';
export const REQUESTS_API = '/requests';
export const assetApi = (id: string) => `${ASSETS_API}/${encodeURIComponent(id)}`;
export const requestApi = (id: string) => `${REQUESTS_API}/${encodeURIComponent(id)}`;
export const assetRequestsApi = (id: string) => `${assetApi(id)}/requests`;

/** The asset's undecided request, if any (an asset has at most one: new ones are refused until it is decided). */
export function useOpenRequest(assetId: string | undefined) {
  const query = `eq(asset.id,${assetId})&in(status,(${OPEN_REQUEST_STATUSES.join(',')}))&limit=1`;
  return useQuery<Request | null, ApiError>({
    queryKey: ['list', REQUESTS_API, 'open-of-asset', assetId],
    queryFn: async ({ signal }) => (await fetchPage<Request>(REQUESTS_API, query, signal)).items[0] ?? null,
    enabled: !!assetId,
  });
}
