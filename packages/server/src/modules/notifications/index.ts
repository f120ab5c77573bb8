import { DISPATCH_JOB, registerEventConsumer } from '../../resources/events.ts';
import { defineArea } from '../types.ts';
import { deliveries } from './deliveries.ts';
import { DELIVER_JOB, deliverJob } from './deliver.ts';
import { PRUNE_JOB, dispatchJob, pruneJob, webhookConsumer } from './dispatch.ts';
import { setOutboundPolicy } from './policy.ts';
import { ruleConsumer } from './rule-consumer.ts';
import { ruleRoutes } from './rule-routes.ts';
import { ruleSettingRoutes } from './rule-settings.ts';
import { optOutTable } from './rule-tables.ts';
import { rules } from './rules.ts';
import { subscriptions } from './subscriptions.ts';
import { triggerRoute } from './trigger.ts';
import { webhooks } from './webhooks.ts';

/**
 * Notifications (issue 18): the event outbox's consumers. Webhooks are called, signed, with each change of the
 * objects they watch, in order per object and with retries; each delivery is logged. E-mail subscriptions' rules
 * mail whom they name when their event happens to an object the account reads.
 */
export const notifications = defineArea({
  name: 'notifications',
  resources: [webhooks, deliveries, subscriptions, rules],
  tables: [optOutTable],
  routes: (api) => {
    setOutboundPolicy({ allowPrivate: api.config.webhookAllowPrivate, timeoutMs: api.config.webhookTimeoutMs });
    triggerRoute(api);
    ruleRoutes(api);
    ruleSettingRoutes(api);
  },
  jobs: { [DISPATCH_JOB]: dispatchJob, [DELIVER_JOB]: deliverJob, [PRUNE_JOB]: pruneJob },
  connect: () => {
    registerEventConsumer(webhookConsumer);
    registerEventConsumer(ruleConsumer);
  },
});
