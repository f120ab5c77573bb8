import type { ColumnType } from 'kysely';
import type { aclRuleTable } from '../modules/identity/acl/rules.ts';
import type { domainTable } from '../modules/identity/domains/resource.ts';
import type { accountInvitationTable } from '../modules/identity/invitations/account-invitations.ts';
import type { tokenCallTable, tokenCallTotalTable } from '../modules/identity/tokens/stats.ts';
import type { idpTable, ssoServiceTable } from '../modules/identity/sso/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the access tables: domains, access rules and settings (migrations/0019_domains_acl.ts), account
// invitations and token call counts (migrations/0022_access.ts), single sign-on (migrations/0023_sso.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

/** A settings object of one account and module (helpdesk), stored whole. */
export interface AccountSettingsTable {
  account_id: string;
  module: string;
  updated_at: Timestamp;
  data: Json;
}

/** A sign-in flow in progress (SAML request id or OpenID Connect state): single use, until expires_at. */
export interface SsoFlowsTable {
  id: string;
  idp_id: string;
  service_id: string | null;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
  expires_at: Timestamp;
  data: Json;
}

export interface AccessTables {
  domains: RowOf<typeof domainTable>;
  acl_rules: RowOf<typeof aclRuleTable>;
  account_settings: AccountSettingsTable;
  account_invitations: RowOf<typeof accountInvitationTable>;
  token_calls: RowOf<typeof tokenCallTable>;
  token_call_totals: RowOf<typeof tokenCallTotalTable>;
  idps: RowOf<typeof idpTable>;
  sso_services: RowOf<typeof ssoServiceTable>;
  sso_flows: SsoFlowsTable;
}
