import { sql, type Kysely, type Transaction } from 'kysely';
import { DAY_MS, WEBHOOK_OBJECT_CLASSES } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { enqueue, enqueueUnlessQueued } from '../../jobs/queue.ts';
import { getObject } from '../../resources/engine.ts';
import {
  DISPATCH_JOB,
  eventConsumers,
  resourceOfClass,
  type EventConsumer,
  type EventRow,
} from '../../resources/events.ts';
import { servedByName } from '../../resources/routes.ts';
import { accountCtx } from '../identity/public.ts';
import { DELIVER_JOB, insertDelivery, queueIfFirst } from './deliver.ts';
import { countEvent } from './stats.ts';

// Hands new events to their consumers (resources/events.ts), the webhooks' among them: one delivery per event and
// webhook whose account may read the object. One dispatcher runs at a time (an advisory lock), taking events in the
// order they were numbered, so an object's deliveries are made in the order of its changes; each batch and what its
// consumers queued commit together.

const LOCK = 0x7e11_15e0;
const BATCH = 200;

/** Dispatch until no event waits; returns how many were dispatched (-1: another dispatcher is at it). */
export async function dispatchEvents(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction().execute(dispatchBatch);
    if (n < 0) {
      // the other dispatcher may be finishing its last batch as this one's events commit: look again shortly
      await enqueue(db, DISPATCH_JOB, {}, { runAt: new Date(Date.now() + 2000) });
      return total || -1;
    }
    total += n;
    if (n < BATCH) return total;
  }
}

async function dispatchBatch(trx: Transaction<DB>): Promise<number> {
  const { rows: lock } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK}) as ok`.execute(trx);
  if (!lock[0].ok) return -1;
  const { rows: events } = await sql<EventRow>`select seq, id, object_class, object_id, type, action, account_ids,
      product_id, created_at from events where dispatched_at is null order by seq limit ${BATCH}`.execute(trx);
  if (!events.length) return 0;
  for (const consumer of eventConsumers()) {
    const theirs = events.filter((e) => consumer.classes.includes(e.object_class));
    if (theirs.length) await consumer.consume(trx, theirs);
  }
  await sql`update events set dispatched_at = now() where seq in (${sql.join(events.map((e) => e.seq))})`.execute(trx);
  return events.length;
}

/** The webhooks consumer: a delivery for each active event webhook that watches the object and may read it. */
export const webhookConsumer: EventConsumer = {
  name: 'webhooks',
  classes: WEBHOOK_OBJECT_CLASSES,
  async consume(trx, events) {
    const hooks = await trx
      .selectFrom('webhooks')
      .select(['id', 'account_id', 'object_class', 'product_id'])
      .where('active', '=', true)
      .where('type', '=', 'event')
      .where('object_class', 'in', [...new Set(events.map((e) => e.object_class))])
      .where('product_id', 'in', [...new Set(events.map((e) => e.product_id ?? ''))])
      .execute();
    const contexts = new Map<string, Ctx | undefined>();
    const ctxOf = async (accountId: string) => {
      if (!contexts.has(accountId)) contexts.set(accountId, await accountCtx(trx, accountId));
      return contexts.get(accountId);
    };
    // an object is read as it is now, so one check per account and object serves all its events and webhooks
    const reads = new Map<string, Promise<boolean>>();
    const mayRead = async (accountId: string, event: EventRow) => {
      const key = `${accountId} ${event.object_class} ${event.object_id}`;
      if (!reads.has(key))
        reads.set(
          key,
          ctxOf(accountId).then((ctx) => (ctx ? readable(trx, ctx, event) : false)),
        );
      return reads.get(key)!;
    };
    for (const event of events) {
      for (const hook of hooks) {
        if (hook.object_class !== event.object_class || hook.product_id !== event.product_id) continue;
        if (!event.account_ids.includes(hook.account_id)) continue;
        if (!(await mayRead(hook.account_id, event))) continue;
        await addDelivery(trx, hook.id, hook.account_id, event);
      }
    }
  },
};

/** Whether the account reads the object (a provider does not see a vendor's draft listing request, for one). */
async function readable(db: Transaction<DB>, ctx: Ctx, event: EventRow): Promise<boolean> {
  const served = servedByName(resourceOfClass(event.object_class) ?? '');
  if (!served) return false;
  try {
    await getObject(served, ctx, {}, event.object_id, db);
    return true;
  } catch {
    return false;
  }
}

async function addDelivery(trx: Transaction<DB>, webhookId: string, accountId: string, event: EventRow) {
  const object = { id: event.object_id, class: event.object_class };
  const delivery = await insertDelivery(trx, { webhookId, accountId, seq: event.seq }, { ...event, object });
  await countEvent(trx, webhookId, delivery.events.created.at);
  await queueIfFirst(trx, delivery.id);
}

export const dispatchJob = async (db: Kysely<DB>) => {
  await dispatchEvents(db);
  await enqueueUnlessQueued(db, PRUNE_JOB, new Date(Date.now() + DAY_MS));
};

/** Events and finished deliveries are kept this long: the delivery log's history, and the stream's record. */
export const RETENTION_DAYS = 30;
export const PRUNE_JOB = 'events.prune';

/** Drops dispatched events and finished deliveries older than the retention, a bounded batch per run. */
export async function pruneEvents(db: Kysely<DB>, now = new Date()) {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * DAY_MS).toISOString();
  await sql`delete from events where seq in (select seq from events
    where created_at < ${cutoff} and dispatched_at is not null limit 10000)`.execute(db);
  await sql`delete from webhook_deliveries where id in (select id from webhook_deliveries
    where created_at < ${cutoff} and status in ('delivered', 'failed') limit 10000)`.execute(db);
}

export const pruneJob = async (db: Kysely<DB>) => pruneEvents(db);
export { DELIVER_JOB };
