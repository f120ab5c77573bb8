import type { AccountNotification, NotificationRule } from '@trellis/domain';
import { bool, defineTable, int, text, timestamp } from '../../resources/table.ts';

// The e-mail notification tables (migrations/0041_notification_rules.ts): each column names the object path it copies.

/** An account's subscription to one notification event (one per account and event). */
export const subscriptionTable = defineTable('notification_subscriptions', {
  id: text('id'),
  account_id: text('account.id'),
  event_id: text('event.id'),
  event_name: text('event.name'),
  object_class: text('event.object_class'),
  enabled: bool('enabled'),
  created_at: timestamp((s: AccountNotification) => s.created_at),
});

/** A subscription's rule: when it mails whom, and what. */
export const ruleTable = defineTable('notification_rules', {
  id: text('id'),
  account_id: text('account.id'),
  subscription_id: text('subscription.id'),
  name: text('name'),
  enabled: bool('enabled'),
  position: int('position').nullable(),
  created_at: timestamp((r: NotificationRule) => r.events.created.at),
});

/** The rules a user opted out of (per-user settings); written by the settings routes, not the engine. */
export const optOutTable = defineTable(
  'notification_opt_outs',
  { user_id: text(), rule_id: text(), account_id: text(), created_at: timestamp() },
  { data: false },
);
