import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001_identity.ts';
import * as m0002mail from './migrations/0002_mail_retry.ts';
import * as m0003jobs from './migrations/0003_jobs.ts';
import * as m0004catalog from './migrations/0004_catalog.ts';
import * as m0005items from './migrations/0005_catalog_items.ts';
import * as m0006parameters from './migrations/0006_catalog_parameters.ts';
import * as m0007content from './migrations/0007_catalog_content.ts';
import * as m0008localization from './migrations/0008_localization.ts';
import * as m0009distribution from './migrations/0009_distribution.ts';
import * as m0010tiers from './migrations/0010_tier_accounts.ts';
import * as m0011branding from './migrations/0011_branding.ts';
import * as m0012fulfillment from './migrations/0012_fulfillment.ts';
import * as m0013requestIndexes from './migrations/0013_request_list_indexes.ts';
import * as m0014search from './migrations/0014_search_indexes.ts';
import * as m0015security from './migrations/0015_security_state.ts';
import * as m0016listIndexes from './migrations/0016_list_indexes.ts';
import * as m0017accountParent from './migrations/0017_account_parent.ts';
import * as m0018mfa from './migrations/0018_mfa.ts';
import * as m0019domainsAcl from './migrations/0019_domains_acl.ts';
import * as m0021brands from './migrations/0021_brands.ts';
import * as m0022access from './migrations/0022_access.ts';
import * as m0023sso from './migrations/0023_sso.ts';
import * as m0024partners from './migrations/0024_partners.ts';
import * as m0025forms from './migrations/0025_forms.ts';
import * as m0026catalogGroups from './migrations/0026_catalog_groups.ts';
import * as m0027leads from './migrations/0027_leads.ts';
import * as m0028usage from './migrations/0028_usage.ts';
import * as m0029reconciliationRows from './migrations/0029_usage_reconciliation_rows.ts';
import * as m0030leanUsageRecords from './migrations/0030_lean_usage_records.ts';
import * as m0031usageRecordsFromFiles from './migrations/0031_usage_records_from_files.ts';
import * as m0032usageRules from './migrations/0032_usage_rules.ts';
import * as m0033conversations from './migrations/0033_conversations.ts';
import * as m0034news from './migrations/0034_news.ts';
import * as m0035cases from './migrations/0035_helpdesk_cases.ts';
import * as m0036caseAttachments from './migrations/0036_helpdesk_case_attachments.ts';
import * as m0037favorites from './migrations/0037_favorites.ts';
import * as m0038serviceLevels from './migrations/0038_service_levels.ts';
import * as m0039events from './migrations/0039_events_webhooks.ts';
import * as m0040reporting from './migrations/0040_reporting.ts';
import * as m0041notificationRules from './migrations/0041_notification_rules.ts';
import * as m0042reportRepositories from './migrations/0042_report_repositories.ts';
import * as m0043callerChanges from './migrations/0043_caller_changes.ts';
import * as m0044keptCounts from './migrations/0044_kept_counts.ts';
import * as m0045searchTexts from './migrations/0045_search_texts.ts';
import * as m0046searchSharedCounts from './migrations/0046_search_shared_counts.ts';
import * as m0047keptJsonText from './migrations/0047_kept_json_text.ts';

// Migrations are listed here in order; each later area appends its own file.
export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_mail_retry': m0002mail,
  '0003_jobs': m0003jobs,
  '0004_catalog': m0004catalog,
  '0005_catalog_items': m0005items,
  '0006_catalog_parameters': m0006parameters,
  '0007_catalog_content': m0007content,
  '0008_localization': m0008localization,
  '0009_distribution': m0009distribution,
  '0010_tier_accounts': m0010tiers,
  '0011_branding': m0011branding,
  '0012_fulfillment': m0012fulfillment,
  '0013_request_list_indexes': m0013requestIndexes,
  '0014_search_indexes': m0014search,
  '0015_security_state': m0015security,
  '0016_list_indexes': m0016listIndexes,
  '0017_account_parent': m0017accountParent,
  '0018_mfa': m0018mfa,
  '0019_domains_acl': m0019domainsAcl,
  '0021_brands': m0021brands,
  '0022_access': m0022access,
  '0023_sso': m0023sso,
  '0024_partners': m0024partners,
  '0025_forms': m0025forms,
  '0026_catalog_groups': m0026catalogGroups,
  '0027_leads': m0027leads,
  '0028_usage': m0028usage,
  '0029_usage_reconciliation_rows': m0029reconciliationRows,
  '0030_lean_usage_records': m0030leanUsageRecords,
  '0031_usage_records_from_files': m0031usageRecordsFromFiles,
  '0032_usage_rules': m0032usageRules,
  '0033_conversations': m0033conversations,
  '0034_news': m0034news,
  '0035_helpdesk_cases': m0035cases,
  '0036_helpdesk_case_attachments': m0036caseAttachments,
  '0037_favorites': m0037favorites,
  '0038_service_levels': m0038serviceLevels,
  '0039_events_webhooks': m0039events,
  '0040_reporting': m0040reporting,
  '0041_notification_rules': m0041notificationRules,
  '0042_report_repositories': m0042reportRepositories,
  '0043_caller_changes': m0043callerChanges,
  '0044_kept_counts': m0044keptCounts,
  '0045_search_texts': m0045searchTexts,
  '0046_search_shared_counts': m0046searchSharedCounts,
  '0047_kept_json_text': m0047keptJsonText,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
