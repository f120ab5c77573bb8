import type { optOutTable, ruleTable, subscriptionTable } from '../modules/notifications/rule-tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the e-mail notification tables (migrations/0041_notification_rules.ts), from the declared tables.
export interface NotificationRuleTables {
  notification_subscriptions: RowOf<typeof subscriptionTable>;
  notification_rules: RowOf<typeof ruleTable>;
  notification_opt_outs: RowOf<typeof optOutTable>;
}
