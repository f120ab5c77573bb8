import type { ColumnType } from 'kysely';
import type { tierAccountTable, tierAccountVersionTable } from '../modules/customers/tier-accounts.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the tiers tables (see migrations/0010_tier_accounts.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export type TierAccountsTable = RowOf<typeof tierAccountTable>;
/** Earlier versions of a tier account, each its full state. */
export type TierAccountVersionsTable = RowOf<typeof tierAccountVersionTable>;
/** View: the kept versions plus the current state of each tier account. */
export interface TierAccountHistoryView {
  tier_account_id: string;
  version: number;
  version_id: string;
  account_id: string;
  status: string;
  updated_at: Timestamp;
  data: Json;
}

export interface TierAccountTables {
  tier_accounts: TierAccountsTable;
  tier_account_versions: TierAccountVersionsTable;
  tier_account_history: TierAccountHistoryView;
}
