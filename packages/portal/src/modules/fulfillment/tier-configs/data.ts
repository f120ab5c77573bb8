import { tierConfigRequestResource, tierConfigResource } from '@trellis/domain/fulfillment/tier-config';
import { pathTo } from '../../../app/routes.ts';

// Shared by the tier config pages: portal paths and API paths.

export const CONFIGS_API = tierConfigResource.path;
export const CONFIG_REQUESTS_API = tierConfigRequestResource.path;
export const configApi = (id: string) => `${CONFIGS_API}/${encodeURIComponent(id)}`;
export const configRequestApi = (id: string) => `${CONFIG_REQUESTS_API}/${encodeURIComponent(id)}`;

export type TierConfigsTab = 'directory' | 'requests';
export const tierConfigsPath = (tab: TierConfigsTab = 'directory') => pathTo('tierConfigs', { tab });
export const configPath = (id: string) => pathTo('tierConfigs.directory.details', { id });
export const configRequestPath = (id: string, tab?: string) => pathTo('tierConfigs.requests.details', { id, tab });
