import type { ColumnType } from 'kysely';
import type { aclRuleTable } from '../modules/identity/acl/rules.ts';
import type { domainTable } from '../modules/identity/domains/resource.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the domains, access rules and settings tables (see migrations/0019_domains_acl.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

/** A settings object of one account and module (helpdesk), stored whole. */
export interface AccountSettingsTable {
  account_id: string;
  module: string;
  updated_at: Timestamp;
  data: Json;
}

export interface AccessTables {
  domains: RowOf<typeof domainTable>;
  acl_rules: RowOf<typeof aclRuleTable>;
  account_settings: AccountSettingsTable;
}
