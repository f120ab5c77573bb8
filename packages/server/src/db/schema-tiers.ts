import type { ColumnType } from 'kysely';

// Row types of the tiers tables (see migrations/0010_tier_accounts.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface TierAccountsTable {
  id: string; account_id: string; status: string; scope: string; type: string; name: string; external_id: string | null;
  external_uid: string; parent_id: string | null; version: number; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
/** Earlier versions of a tier account, each its full state. */
export interface TierAccountVersionsTable {
  tier_account_id: string; version: number; account_id: string; status: string; updated_at: Timestamp; data: Json;
}
/** View: the kept versions plus the current state of each tier account. */
export interface TierAccountHistoryView {
  tier_account_id: string; version: number; version_id: string; account_id: string; status: string; updated_at: Timestamp; data: Json;
}

export interface TierAccountTables {
  tier_accounts: TierAccountsTable;
  tier_account_versions: TierAccountVersionsTable;
  tier_account_history: TierAccountHistoryView;
}
