import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { tierConfigRequestResource, tierConfigResource, type TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { TIER_SCOPE_LABELS } from '@trellis/domain/tiers/tier-account';
import { listAll } from '../../api/list.ts';
import { chrome } from '../../app/chrome/store.ts';
import { pathTo } from '../../app/routes.ts';

// Shared by the tier config pages: portal paths, API paths, labels.

export const CONFIGS_API = tierConfigResource.path;
export const CONFIG_REQUESTS_API = tierConfigRequestResource.path;
export const configApi = (id: string) => `${CONFIGS_API}/${encodeURIComponent(id)}`;
export const configRequestApi = (id: string) => `${CONFIG_REQUESTS_API}/${encodeURIComponent(id)}`;

export type TierConfigsTab = 'directory' | 'requests';
export const tierConfigsPath = (tab: TierConfigsTab = 'directory') => pathTo('tierConfigs', { tab });
export const configPath = (id: string) => pathTo('tierConfigs.directory.details', { id });
export const configRequestPath = (id: string, tab?: string) => pathTo('tierConfigs.requests.details', { id, tab });

/** Tier level 1 / 2 as the portal names it (spec §1: T1, T2). */
export function levelLabel(level: number): string {
  const scope = `tier${level}` as keyof typeof TIER_SCOPE_LABELS;
  return TIER_SCOPE_LABELS[scope] ?? `Level ${level}`;
}

/** Every tier config request made for one fulfillment request (tiers setup: its T1 and T2 requests). */
export function useRequestsOfAssetRequest(assetRequestId: string | null | undefined) {
  const query = `eq(asset_request.id,${assetRequestId})`;
  return useQuery({
    queryKey: ['list', CONFIG_REQUESTS_API, query, 'all'],
    queryFn: ({ signal }) => listAll<TierConfigRequest>(CONFIG_REQUESTS_API, query, signal),
    enabled: !!assetRequestId,
  });
}

/** The page-level message under the title (replaces the previous one). */
export function notify(severity: 'success' | 'error' | 'info' | 'warning', content: ReactNode) {
  chrome.set({ alert: { severity, content } });
}
