import { notificationEventById } from '@trellis/domain/notifications/notification-event';
import type { NotificationRule } from '@trellis/domain/notifications/rule';
import type { RuleSetting } from '@trellis/domain/notifications/rule-setting';
import type { AccountNotification } from '@trellis/domain/notifications/subscription';
import { VENDOR_CONTEXT } from '../../../test-utils.tsx';
import type { RulePreviewAnswer } from './rulePreview.ts';

// Fixtures of the e-mail settings' tests, shaped as the API answers them (domain notifications/*.ts).

export const SUBSCRIPTION_ID = 'AN-1000-0001';
export const RULE_ID = 'NR-2000-0001';
const at = '2026-11-20T10:00:00Z';
const account = { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' };
const event = notificationEventById('NE-0001')!;

export const subscriptionFixture = (over: Partial<AccountNotification> = {}): AccountNotification => ({
  id: SUBSCRIPTION_ID,
  enabled: true,
  event,
  account,
  created_at: at,
  events: { created: { at } },
  ...over,
});

export const ruleFixture = (over: Partial<NotificationRule> = {}): NotificationRule => ({
  id: RULE_ID,
  position: null,
  name: 'New orders',
  condition: '',
  enabled: true,
  template: { subject: 'Order {{ request.id }}', body: 'A new **order**: {{ request.id }}' },
  recipients: { users: [], groups: [], emails: ['ops@example.com'], assignee: false, contacts: [] },
  subscription: { id: SUBSCRIPTION_ID, event: { id: event.id, name: event.name } },
  account,
  events: { created: { at } },
  ...over,
});

export const previewFixture = (subject: string, html: string): RulePreviewAnswer => ({
  ...ruleFixture(),
  preview: { object: { id: 'PR-1234-5678-9012-001', class: 'fulfillment_request' }, subject, text: '', html },
});

export const settingFixture = (over: Partial<RuleSetting> = {}): RuleSetting => ({
  id: RULE_ID,
  value: 'enabled',
  rule: { id: RULE_ID, name: 'New orders' },
  event: { id: event.id, name: event.name },
  reaches: ['group', 'assignee'],
  ...over,
});

export const PREVIEW_CONTEXT = {
  ...subscriptionFixture(),
  context: {},
  variables: ['request.id', 'request.status', 'request.asset.product.name', 'account.name', 'event.name', 'rule.name'],
};

export const MEMBERS = [{ id: 'UR-100-200-300', name: 'Vera Vendor', email: 'vendor@demo.trellis', status: 'joined' }];
export const GROUPS = [{ id: 'UG-1', name: 'Admins' }];
