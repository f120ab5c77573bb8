import { EMPTY_STATS, maskSecret, type Webhook } from '@trellis/domain/notifications/webhook';
import type { WebhookDelivery } from '@trellis/domain/notifications/delivery';
import { VENDOR_CONTEXT } from '../../test-utils.tsx';

// Fixtures of the webhook screens' tests, shaped as the API answers them (domain notifications/*.ts).

export const WEBHOOK_ID = 'WH-123-456-789';
const at = '2026-11-20T10:00:00Z';
const vera = { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' };

export const webhookFixture = (over: Partial<Webhook> = {}): Webhook => ({
  id: WEBHOOK_ID,
  type: 'event',
  object_class: 'fulfillment_request',
  label: 'Order sync',
  active: true,
  external_url: 'https://hooks.example.com/trellis',
  jwt_secret: maskSecret('an-old-secret-of-20ch'),
  description: 'Sends orders to the ERP',
  http_method: 'POST',
  product: { id: 'PRD-111-222-333', name: 'Cloud Backup', icon: null },
  data: {},
  headers: { 'X-Api-Key': 'k-123' },
  account: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
  created_at: at,
  created_by: vera,
  modified_at: null,
  stats: { ...EMPTY_STATS, events: 12, triggers: 12, success_triggers: 9, failure_triggers: 3 },
  last_event: at,
  events: { created: { at, by: vera } },
  ...over,
});

export const deliveryFixture = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'WHD-1000-0001',
  webhook: { id: WEBHOOK_ID },
  event: { id: 'EV-1', type: 'webhook_test', object: null },
  status: 'delivered',
  attempts: 1,
  status_code: 200,
  duration: 84,
  error: null,
  response: 'ok',
  next_attempt_at: null,
  events: { created: { at }, attempted: { at }, delivered: { at } },
  ...over,
});

export const PRODUCTS = [
  { id: 'PRD-111-222-333', name: 'Cloud Backup' },
  { id: 'PRD-444-555-666', name: 'Mail Relay' },
];
