import { sql, type Kysely } from 'kysely';
import {
  DELIVERY_MAX_ATTEMPTS,
  retryDelayMs,
  type TriggerInfo,
  type Webhook,
  type WebhookDelivery,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { getObject, presentObject, type Db } from '../../resources/engine.ts';
import { resourceOfClass } from '../../resources/events.ts';
import { newId } from '../../resources/ids.ts';
import { servedByName } from '../../resources/routes.ts';
import { accountCtx } from '../identity/public.ts';
import { call, type CallResult } from './outbound.ts';
import { outboundPolicy } from './policy.ts';
import { SIGNATURE_HEADER, bearerToken, signatureHeader } from './signing.ts';
import { countCall } from './stats.ts';
import { webhookWithSecret } from './webhooks.ts';

// One delivery's attempt: the object as the webhook's account reads it now, signed, POSTed to the webhook's URL.
// A failed attempt is tried again after a doubling, jittered wait until DELIVERY_MAX_ATTEMPTS; an object's next
// delivery to the same webhook waits until this one has succeeded or given up (in order per object).

export const DELIVER_JOB = 'webhooks.deliver';
export const TEST_EVENT = 'webhook_test';
/** How long an attempt holds its delivery against a second runner (longer than any call may take). */
const LEASE_MS = 5 * 60_000;

const userAgent = 'Trellis-Webhooks/1.0';

/** A new delivery of an event (or a test call: no object, no number) to a webhook, not yet attempted. */
export async function insertDelivery(
  db: Db,
  to: { webhookId: string; accountId: string; seq: string | null },
  event: WebhookDelivery['event'],
): Promise<WebhookDelivery> {
  const at = new Date().toISOString();
  const delivery: WebhookDelivery = {
    id: newId('WHD', 4, 4),
    webhook: { id: to.webhookId },
    event: { id: event.id, type: event.type, object: event.object },
    status: 'pending',
    attempts: 0,
    status_code: null,
    duration: null,
    error: null,
    response: null,
    next_attempt_at: null,
    events: { created: { at } },
  };
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: delivery.id,
      webhook_id: to.webhookId,
      account_id: to.accountId,
      event_seq: to.seq,
      object_id: event.object?.id ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      created_at: at,
      data: JSON.stringify(delivery),
    })
    .execute();
  return delivery;
}

/** Queue a new delivery's first attempt, unless an earlier one of the same object to the same webhook is open. */
export async function queueIfFirst(db: Db, deliveryId: string) {
  const { rows } = await sql`select 1 from webhook_deliveries d, webhook_deliveries e
    where d.id = ${deliveryId} and e.webhook_id = d.webhook_id and e.object_id = d.object_id
      and e.status in ('pending', 'retrying') and e.event_seq < d.event_seq limit 1`.execute(db);
  if (!rows.length) await enqueue(db, DELIVER_JOB, { id: deliveryId });
}

/** After a delivery ends, the object's next open delivery to the same webhook, if any, goes. */
async function queueNext(db: Db, done: { webhook_id: string; object_id: string | null }) {
  if (!done.object_id) return;
  const next = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', done.webhook_id)
    .where('object_id', '=', done.object_id)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .orderBy('event_seq')
    .limit(1)
    .executeTakeFirst();
  if (next) await enqueue(db, DELIVER_JOB, { id: next.id });
}

/** Take the delivery for one attempt; undefined if it is done, or another runner holds it. */
async function claim(db: Kysely<DB>, id: string, now: Date) {
  const { rows } = await sql<{ webhook_id: string; object_id: string | null; data: WebhookDelivery }>`
    update webhook_deliveries set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
    where id = ${id} and status in ('pending', 'retrying')
      and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()})
    returning webhook_id, object_id, data`.execute(db);
  return rows[0];
}

/** What the call carries: the object as the account reads it, or a test event. */
async function bodyOf(db: Kysely<DB>, webhook: Webhook, d: WebhookDelivery): Promise<string | { error: string }> {
  if (d.event.type === TEST_EVENT)
    return JSON.stringify({
      type: TEST_EVENT,
      webhook: { id: webhook.id, label: webhook.label, object_class: webhook.object_class },
      product: webhook.product,
      sent_at: new Date().toISOString(),
    });
  const ctx = await accountCtx(db, webhook.account.id);
  const served = servedByName(resourceOfClass(d.event.object?.class ?? '') ?? '');
  if (!ctx || !served || !d.event.object) return { error: 'The object is no longer readable by this account.' };
  try {
    const obj = await getObject(served, ctx, {}, d.event.object.id, db);
    return JSON.stringify(await presentObject(served, ctx, obj, db));
  } catch {
    return { error: 'The object is no longer readable by this account.' };
  }
}

/** The headers of a call to a webhook: its own, then the content type, the Bearer JWT and the body's signature. */
export async function signedHeaders(
  webhook: Webhook,
  secret: string,
  body: string,
  c: { delivery: string; event: string; eventId: string; object: string | null; now: Date },
): Promise<Record<string, string>> {
  const claims = { webhook: webhook.id, delivery: c.delivery, event: c.event, object: c.object };
  return {
    ...webhook.headers,
    'content-type': 'application/json',
    'user-agent': userAgent,
    authorization: `Bearer ${await bearerToken(secret, claims, c.now)}`,
    [SIGNATURE_HEADER]: signatureHeader(secret, body, c.now),
    'trellis-delivery': c.delivery,
    'trellis-event': c.event,
    'trellis-event-id': c.eventId,
  };
}

/** Make one attempt of a delivery (the job, and `trigger`'s test call); returns the delivery as it now stands. */
export async function attemptDelivery(db: Kysely<DB>, id: string, now = new Date()): Promise<WebhookDelivery | null> {
  const claimed = await claim(db, id, now);
  if (!claimed) return null;
  const d = claimed.data;
  const found = await webhookWithSecret(db, claimed.webhook_id);
  const isTest = d.event.type === TEST_EVENT;
  let result: CallResult;
  if (!found || (!found.webhook.active && !isTest)) {
    result = { statusCode: null, body: '', durationMs: 0, error: 'The webhook is inactive.' };
    return finish(db, claimed, result, now, true);
  }
  const body = await bodyOf(db, found.webhook, d);
  if (typeof body !== 'string') {
    return finish(db, claimed, { statusCode: null, body: '', durationMs: 0, error: body.error }, now, true);
  }
  const { webhook, secret } = found;
  const headers = await signedHeaders(webhook, secret, body, {
    delivery: d.id,
    event: d.event.type,
    eventId: d.event.id,
    object: d.event.object?.id ?? null,
    now,
  });
  result = await call(webhook.external_url, { method: 'POST', headers, body }, outboundPolicy());
  return finish(db, claimed, result, now, isTest);
}

async function finish(
  db: Kysely<DB>,
  claimed: { webhook_id: string; object_id: string | null; data: WebhookDelivery },
  result: CallResult,
  now: Date,
  final: boolean,
): Promise<WebhookDelivery> {
  const d = claimed.data;
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempts = d.attempts + 1;
  const error =
    result.error ?? (ok ? null : `The receiver answered ${result.statusCode}${result.body ? '' : ' with no body'}.`);
  const givesUp = !ok && (final || attempts >= DELIVERY_MAX_ATTEMPTS);
  const retryAt = ok || givesUp ? null : new Date(now.getTime() + retryDelayMs(attempts));
  const at = now.toISOString();
  const next: WebhookDelivery = {
    ...d,
    status: ok ? 'delivered' : givesUp ? 'failed' : 'retrying',
    attempts,
    status_code: result.statusCode,
    duration: result.durationMs,
    error,
    response: result.body ? result.body.slice(0, 2000) : null,
    next_attempt_at: retryAt?.toISOString() ?? null,
    events: { ...d.events, attempted: { at }, ...(ok && { delivered: { at } }) },
  };
  const info: TriggerInfo = {
    time: at,
    response: { body: next.response ?? '' },
    duration: result.durationMs,
    status: ok ? 'success' : 'failure',
    status_code: result.statusCode,
    ...(error && { errors: error }),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: next.status,
        attempts,
        next_attempt_at: next.next_attempt_at,
        data: JSON.stringify(next),
      })
      .where('id', '=', d.id)
      .execute();
    await countCall(trx, claimed.webhook_id, info);
    if (retryAt) await enqueue(trx, DELIVER_JOB, { id: d.id }, { runAt: retryAt });
    else await queueNext(trx, claimed);
  });
  return next;
}

export const deliverJob = async (db: Kysely<DB>, payload: { id: string }) => {
  await attemptDelivery(db, payload.id);
};
