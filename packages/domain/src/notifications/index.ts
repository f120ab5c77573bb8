/** Notifications: webhooks and their delivery log. */
export * from './webhook.ts';
export * from './delivery.ts';
