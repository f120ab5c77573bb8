/** Notifications: webhooks and their delivery log; e-mail subscriptions, their rules and each user's settings. */
export * from './webhook.ts';
export * from './delivery.ts';
export * from './notification-event.ts';
export * from './subscription.ts';
export * from './rule.ts';
export * from './rule-condition.ts';
export * from './rule-setting.ts';
