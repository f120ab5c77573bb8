import type { Webhook, WebhookDelivery } from '@trellis/domain';
import { bigint, bool, defineTable, int, text, timestamp } from '../../resources/table.ts';

// The notification tables (migrations/0039_events_webhooks.ts): each column names the object path it copies.

/** A webhook; `secret` is written by the webhook flows themselves and never read into the object. */
export const webhookTable = defineTable('webhooks', {
  id: text('id'),
  account_id: text('account.id'),
  type: text('type'),
  object_class: text('object_class'),
  product_id: text('product.id'),
  active: bool('active'),
  label: text('label'),
  secret: text(),
  created_at: timestamp((w: Webhook) => w.created_at),
});

/** One event's (or test's) delivery to one webhook; `event_seq` orders an object's deliveries. */
export const deliveryTable = defineTable('webhook_deliveries', {
  id: text('id'),
  webhook_id: text('webhook.id'),
  account_id: text(),
  event_seq: bigint().nullable(),
  object_id: text('event.object.id').nullable(),
  status: text('status'),
  attempts: int('attempts'),
  next_attempt_at: timestamp('next_attempt_at').nullable(),
  created_at: timestamp((d: WebhookDelivery) => d.events.created.at),
});
