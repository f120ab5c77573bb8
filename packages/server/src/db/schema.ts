import type { ColumnType, Generated } from 'kysely';
import type { productTable } from '../modules/catalog/products.ts';
import type { productVersionObjectTable, productVersionTable } from '../modules/catalog/versions.ts';
import type { productLinkTable } from '../modules/catalog/visibility.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the tables. `data` holds the object as the API returns it (minus secrets);
// promoted columns are copies of the fields that queries filter, order or join on.
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface AccountsTable {
  id: string;
  type: 'vendor' | 'provider';
  name: string;
  /** The managing account (issue 14: sign-up by another account's code); null for top-level accounts. */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface AccountUsersTable {
  account_id: string;
  user_id: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface GroupsTable {
  id: string;
  account_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface GroupUsersTable {
  group_id: string;
  user_id: string;
  account_id: string;
  created_at: Timestamp;
}
export interface SessionsTable {
  id: string;
  secret_hash: string;
  user_id: string;
  account_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  terminated_at: Timestamp | null;
  /** While set ('enrol' | 'verify'), the session may do nothing but complete MFA (migration 0018). */
  mfa_step: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the session proved a second factor. */
  mfa_verified_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** Impersonation (migration 0022): who is logged in as the user, and the session to return to. */
  impersonator_id: ColumnType<string | null, string | null | undefined, string | null>;
  impersonator_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  data: Json;
}
export interface TokensTable {
  id: string;
  account_id: string;
  status: string;
  secret_hash: string | null;
  name: string | null;
  expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface UserSettingsTable {
  user_id: string;
  account_id: string;
  key: string;
  value: Json;
  updated_at: Timestamp;
}
export interface ConfirmationCodesTable {
  code_hash: string;
  user_id: string;
  account_id: string | null;
  kind: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
export interface OutboxTable {
  id: string;
  account_id: string | null;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  next_attempt_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}
export interface AuditRecordsTable {
  id: string;
  account_id: string;
  object_id: string;
  object_type: string;
  action: string;
  actor_id: string | null;
  created_at: Timestamp;
  data: Json;
}
export interface ThrottleTable {
  key: string;
  window_start: Timestamp;
  hits: number;
  /** When the last attempt was counted (a slowed-down key waits a delay after it); null = never. */
  last_at: Timestamp | null;
}

/** Markers of the installation itself (e.g. 'demo_seed': started / completed). */
export interface SystemStateTable {
  key: string;
  value: Json;
  updated_at: Generated<Timestamp>;
}

export interface JobsTable {
  id: string;
  kind: string;
  account_id: string | null;
  payload: Json;
  status: Generated<string>;
  run_at: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

// The catalogue's product tables, from their declared maps (modules/catalog).
export type ProductsTable = RowOf<typeof productTable>;
export type ProductLinksTable = RowOf<typeof productLinkTable>;
export type ProductVersionsTable = RowOf<typeof productVersionTable>;
export type ProductVersionObjectsTable = RowOf<typeof productVersionObjectTable>;

import type { CatalogContentTables } from './schema-content.ts';
import type { DistributionTables } from './schema-distribution.ts';
import type { TierAccountTables } from './schema-tiers.ts';
import type { FulfillmentTables } from './schema-fulfillment.ts';
import type { BrandingTables } from './schema-branding.ts';
import type { AccessTables } from './schema-access.ts';
import type { CatalogItemsTables } from './schema-items.ts';
import type { LocalizationTables } from './schema-localization.ts';
import type { CatalogParametersTables } from './schema-parameters.ts';
import type { MfaTables } from './schema-mfa.ts';
import type { PartnersTables } from './schema-partners.ts';
import type { FormsTables } from './schema-forms.ts';
import type { LeadsTables } from './schema-leads.ts';
import type { CatalogGroupsTables } from './schema-groups.ts';
import type { UsageTables } from './schema-usage.ts';
import type { HelpdeskTables } from './schema-helpdesk.ts';
import type { NewsTables } from './schema-news.ts';
import type { FavoritesTables } from './schema-favorites.ts';
import type { SlmTables } from './schema-slm.ts';
import type { NotificationTables } from './schema-notifications.ts';
import type { ReportingTables } from './schema-reporting.ts';
import type { NotificationRuleTables } from './schema-notification-rules.ts';

export interface DB
  extends
    CatalogItemsTables,
    CatalogParametersTables,
    CatalogContentTables,
    LocalizationTables,
    DistributionTables,
    TierAccountTables,
    BrandingTables,
    AccessTables,
    FulfillmentTables,
    MfaTables,
    PartnersTables,
    FormsTables,
    LeadsTables,
    UsageTables,
    HelpdeskTables,
    NewsTables,
    FavoritesTables,
    SlmTables,
    NotificationTables,
    ReportingTables,
    NotificationRuleTables,
    CatalogGroupsTables {
  products: ProductsTable;
  product_links: ProductLinksTable;
  product_versions: ProductVersionsTable;
  product_version_objects: ProductVersionObjectsTable;
  jobs: JobsTable;
  accounts: AccountsTable;
  users: UsersTable;
  account_users: AccountUsersTable;
  groups: GroupsTable;
  group_users: GroupUsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  user_settings: UserSettingsTable;
  confirmation_codes: ConfirmationCodesTable;
  outbox: OutboxTable;
  audit_records: AuditRecordsTable;
  throttle: ThrottleTable;
  system_state: SystemStateTable;
}
