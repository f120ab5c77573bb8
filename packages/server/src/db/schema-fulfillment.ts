import type { ColumnType } from 'kysely';

// Row types of the fulfillment tables (see migrations/0012_fulfillment.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface AssetsTable {
  id: string; vendor_id: string; provider_id: string; product_id: string; connection_id: string; marketplace_id: string | null;
  hub_id: string | null; customer_id: string; tier1_id: string | null; tier2_id: string | null; status: string;
  external_id: string; external_uid: string; environment: string; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface AssetRequestsTable {
  id: string; asset_id: string; vendor_id: string; provider_id: string; product_id: string; connection_id: string;
  marketplace_id: string | null; customer_id: string; type: string; status: string; assignee_id: string | null;
  planned_date: Timestamp | null; environment: string; asset_status_before: string; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface TierConfigsTable {
  id: string; tier_account_id: string; tier_level: number; vendor_id: string; provider_id: string; product_id: string;
  connection_id: string; status: string; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface TierConfigRequestsTable {
  id: string; config_id: string; tier_account_id: string; tier_level: number; vendor_id: string; provider_id: string;
  product_id: string; asset_request_id: string | null; type: string; status: string; assignee_id: string | null;
  created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface TierAccountRequestsTable {
  id: string; tier_account_id: string; tier_account_version: number; vendor_id: string; provider_id: string; product_id: string;
  status: string; created_at: Timestamp; updated_at: Timestamp; data: Json;
}

export interface FulfillmentTables {
  assets: AssetsTable;
  asset_requests: AssetRequestsTable;
  tier_configs: TierConfigsTable;
  tier_config_requests: TierConfigRequestsTable;
  tier_account_requests: TierAccountRequestsTable;
}
