import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, NUMBER_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { WEBHOOK_MODULE } from './webhook.ts';

// A webhook's delivery log (Trellis; the reference keeps only last_success / last_failure): one delivery per event
// and webhook, with each attempt's outcome. Deliveries to one webhook of one object's events go out in order: the
// next waits until the one before has succeeded or given up.

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Attempts before a delivery gives up: the waits double from 30 s, so the last is about 4 h after the first. */
export const DELIVERY_MAX_ATTEMPTS = 10;
export const DELIVERY_FIRST_RETRY_MS = 30_000;

/** The wait before attempt `n + 1` after `n` failed ones: doubling, with ±20% jitter so receivers are not stampeded. */
export function retryDelayMs(failed: number, random = Math.random()): number {
  const base = DELIVERY_FIRST_RETRY_MS * 2 ** Math.max(0, failed - 1);
  return Math.round(base * (0.8 + 0.4 * random));
}

export const WebhookDelivery = z.object({
  id: z.string(),
  webhook: z.object({ id: z.string() }),
  /** What happened: a test call from `trigger` has the type `webhook_test`. */
  event: z.object({
    id: z.string(),
    type: z.string(),
    object: z.object({ id: z.string(), class: z.string() }).nullable(),
  }),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  status_code: z.number().int().nullable(),
  /** Milliseconds the last attempt took. */
  duration: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The start of the receiver's answer to the last attempt. */
  response: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  events: z.object({
    created: z.object({ at: z.string() }),
    attempted: z.object({ at: z.string() }).optional(),
    delivered: z.object({ at: z.string() }).optional(),
  }),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const webhookDeliveryResource = defineResource({
  name: 'webhook-delivery',
  title: 'Delivery',
  noun: 'deliveries',
  path: '/notifications/webhooks/:webhookId/deliveries',
  module: WEBHOOK_MODULE,
  schema: WebhookDelivery,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: DELIVERY_STATUSES, label: 'Status' },
    'event.type': { type: 'string', ops: TEXT_OPS },
    'event.object.id': { type: 'string', ops: TEXT_OPS },
    status_code: { type: 'number', ops: NUMBER_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['events.created.at', 'status', 'status_code'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'event.object.id', 'event.type'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    'event.type': { label: 'Event', kind: 'text' },
    'event.object.id': { label: 'Object', kind: 'text' },
    status: { label: 'Status', kind: 'status' },
    attempts: { label: 'Attempts', kind: 'number' },
    status_code: { label: 'Response', kind: 'number' },
    duration: { label: 'Time (ms)', kind: 'number' },
    error: { label: 'Error', kind: 'text', hideEmpty: true },
    next_attempt_at: { label: 'Next attempt', kind: 'date', hideEmpty: true },
    'events.created.at': { label: 'Created', kind: 'date' },
  },
  list: {
    columns: [
      'events.created.at',
      'event.type',
      'event.object.id',
      'status',
      'status_code',
      'duration',
      'attempts',
      'error',
      'next_attempt_at',
    ],
    phone: ['event.object.id', 'status'],
    filters: ['status'],
  },
  detail: { fields: ['id', 'event.type', 'event.object.id', 'status', 'attempts', 'status_code', 'error'] },
});
