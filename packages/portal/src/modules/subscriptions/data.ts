import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@trellis/domain/fulfillment/asset';
import { OPEN_REQUEST_STATUSES, type Request } from '@trellis/domain/fulfillment/request';
import { api } from '../../api/client.ts';
import { fetchPage } from '../../api/list.ts';
import type { ApiError } from '../../api/errors.ts';
import { pathTo } from '../../app/routes.ts';

// Shared by the subscription pages and the request details page: portal paths, API paths and the object queries.

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

// Keys follow useGet's ['get', path], so every write through useApiMutation refetches them.
export const assetKey = (id: string) => ['get', assetApi(id)] as const;
export const requestKey = (id: string) => ['get', requestApi(id)] as const;

export function useAsset(id: string | undefined) {
  return useQuery<Asset, ApiError>({
    queryKey: assetKey(id ?? ''),
    queryFn: ({ signal }) => api.get<Asset>(assetApi(id!), undefined, signal),
    enabled: !!id,
  });
}

export function useRequest(id: string | undefined) {
  return useQuery<Request, ApiError>({
    queryKey: requestKey(id ?? ''),
    queryFn: ({ signal }) => api.get<Request>(requestApi(id!), undefined, signal),
    enabled: !!id,
  });
}

/** The asset's undecided request, if any (an asset has at most one: new ones are refused until it is decided). */
export function useOpenRequest(assetId: string | undefined) {
  const query = `eq(asset.id,${assetId})&in(status,(${OPEN_REQUEST_STATUSES.join(',')}))&limit=1`;
  return useQuery<Request | null, ApiError>({
    queryKey: ['list', REQUESTS_API, 'open-of-asset', assetId],
    queryFn: async ({ signal }) => (await fetchPage<Request>(REQUESTS_API, query, signal)).items[0] ?? null,
    enabled: !!assetId,
  });
}
