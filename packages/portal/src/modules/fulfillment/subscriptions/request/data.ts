import { useQuery } from '@tanstack/react-query';
import type { TierConfig, TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import type { ApiError } from '../../../../api/errors.ts';
import { listAll } from '../../../../api/list.ts';

// What the request details page reads besides the request itself. Everything sits under the 'list' key,
// so any write (which refetches lists) refreshes it too.

/** The tier config of one reseller for the request's product (holds the tier-scope parameter values). */
export function useTierConfig(accountId: string | undefined, productId: string | undefined) {
  const query = `eq(account.id,${accountId})&eq(product.id,${productId})`;
  return useQuery<TierConfig | null, ApiError>({
    queryKey: ['list', '/tier/configs', query],
    queryFn: async ({ signal }) => (await listAll<TierConfig>('/tier/configs', query, signal))[0] ?? null,
    enabled: !!accountId && !!productId,
  });
}

/** The tier config requests made for one fulfillment request (tiers setup: its T1 and T2 requests). */
export function useTierConfigRequests(requestId: string | null | undefined, enabled = true) {
  const query = `eq(asset_request.id,${requestId})`;
  return useQuery<TierConfigRequest[], ApiError>({
    queryKey: ['list', '/tier/config-requests', query],
    queryFn: ({ signal }) => listAll<TierConfigRequest>('/tier/config-requests', query, signal),
    enabled: enabled && !!requestId,
  });
}
