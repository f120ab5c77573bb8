import { COUNTED_STATUSES } from '@trellis/domain/dashboard/counted';
import { sideCount } from '../../resources/parties.ts';
import { setRequestContextLoader } from '../catalog/public.ts';
import { defineArea } from '../types.ts';
import { assets, subscriptionAssets } from './asset-store.ts';
import { assetRoutes } from './assets.ts';
import { requestRoutes, requests, visibleRequest } from './requests.ts';
import { releaseDueRequests, SCHEDULE_JOB } from './schedule.ts';
import { tierConfigRequests } from './tier-config-requests.ts';
import { tierConfigRoutes, tierConfigs } from './tier-configs.ts';

/**
 * Fulfillment: assets (subscriptions) and their requests, tier configs and their requests. /subscriptions/assets
 * serves the same collection as /assets.
 */
export const fulfillment = defineArea({
  name: 'fulfillment',
  resources: [assets, subscriptionAssets, requests, tierConfigs, tierConfigRequests],
  routes: (api) => {
    assetRoutes(api);
    requestRoutes(api);
    tierConfigRoutes(api);
  },
  // Dashboard (spec §1): requests waiting on someone, pending (the vendor decides) or inquiring (the provider).
  counters: {
    asset_requests: {
      visibleTo: ['vendor', 'provider'],
      count: sideCount('asset_requests', COUNTED_STATUSES.asset_requests.vendor),
    },
    tier_config_requests: {
      visibleTo: ['vendor', 'provider'],
      count: sideCount('tier_config_requests', COUNTED_STATUSES.tier_config_requests.vendor),
    },
  },
  jobs: { [SCHEDULE_JOB]: async (db) => void (await releaseDueRequests(db)) },
  // Templates render with the request as the API shows it (GET /products/{id}/templates/{id}/render?request_id=).
  connect: () => setRequestContextLoader((db, ctx, id) => visibleRequest(db, ctx, id)),
});
