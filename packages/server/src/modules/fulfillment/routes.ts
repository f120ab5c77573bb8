import type { Api } from '../types.ts';
import { assetRoutes } from './assets.ts';
import { requestRoutes } from './requests.ts';
import { tierConfigRoutes } from './tier-configs.ts';
import { tierConfigRequestRoutes } from './tier-config-requests.ts';
import { tierAccountRequestRoutes } from './tier-account-requests.ts';

/**
 * Fulfillment: assets (subscriptions), asset requests, tier configs and tier config requests, tier account
 * requests. Also serves /subscriptions/assets and /subscriptions/requests (the same collections).
 */
export function fulfillmentRoutes(api: Api) {
  assetRoutes(api);
  requestRoutes(api);
  tierConfigRoutes(api);
  tierConfigRequestRoutes(api);
  tierAccountRequestRoutes(api);
}
