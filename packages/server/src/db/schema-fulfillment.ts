import type { tierAccountRequestTable } from '../modules/customers/tier-account-requests.ts';
import type { assetTable } from '../modules/fulfillment/asset-store.ts';
import type { assetRequestTable } from '../modules/fulfillment/request-store.ts';
import type { tierConfigRequestTable, tierConfigTable } from '../modules/fulfillment/tier-tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the fulfillment tables (see migrations/0012_fulfillment.ts), from their declared maps.
export type AssetsTable = RowOf<typeof assetTable>;
export type AssetRequestsTable = RowOf<typeof assetRequestTable>;
export type TierConfigsTable = RowOf<typeof tierConfigTable>;
export type TierConfigRequestsTable = RowOf<typeof tierConfigRequestTable>;
export type TierAccountRequestsTable = RowOf<typeof tierAccountRequestTable>;

export interface FulfillmentTables {
  assets: AssetsTable;
  asset_requests: AssetRequestsTable;
  tier_configs: TierConfigsTable;
  tier_config_requests: TierConfigRequestsTable;
  tier_account_requests: TierAccountRequestsTable;
}
