import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { enqueueUnlessQueued } from '../jobs/queue.ts';
import { newId } from './ids.ts';
import { rowOf, type Table } from './table.ts';

type Obj = Record<string, any>;

// The event outbox (DESIGN §1 events): every change the engine audits also writes an event, in the same
// transaction, naming the object, what happened to it and the accounts that may see it. Consumers (webhooks;
// later notification rules and extensions) read it through the job queue. An object's events are numbered in the
// order their changes committed: each change holds the object's row lock until it commits.

/** The job that fans new events out to their consumers. */
export const DISPATCH_JOB = 'events.dispatch';

/** How a resource's events are named for consumers: the reference's object classes and event types. */
interface EventClass {
  objectClass: string;
  type(obj: Obj, action: string): string;
}

const CLASSES: Record<string, EventClass> = {
  request: { objectClass: 'fulfillment_request', type: (r) => `asset_${r.type}_request_processing` },
  'tier-config-request': {
    objectClass: 'tier_config_request',
    type: (r) => `tier_config_${r.type}_request_processing`,
  },
  'tier-account-request': { objectClass: 'tier_account_request', type: () => 'tier_account_update_request_processing' },
  'listing-request': { objectClass: 'listing_request', type: (r) => `listing_${r.type}_request_processing` },
  'usage-file': { objectClass: 'usage_file', type: () => 'usage_file_request_processing' },
};

/** The resource (its declaration's name) whose objects an object class names. */
export const resourceOfClass = (objectClass: string): string | undefined =>
  Object.entries(CLASSES).find(([, c]) => c.objectClass === objectClass)?.[0];

/** One undispatched event, as consumers read it. */
export interface EventRow {
  seq: string;
  id: string;
  object_class: string;
  object_id: string;
  type: string;
  action: string;
  account_ids: string[];
  product_id: string | null;
  created_at: string;
}

/**
 * A consumer of the event stream (webhooks; e-mail notification rules): the object classes it reads, and what it
 * does with a batch of their events, in order, inside the dispatcher's transaction (what it queues commits with
 * the batch, so each event is handed to each consumer once).
 */
export interface EventConsumer {
  name: string;
  classes: readonly string[];
  consume(db: Transaction<DB>, events: readonly EventRow[]): Promise<void>;
}

const consumers: EventConsumer[] = [];
let consumed = new Set<string>();

/** Registered by an area when it is connected, before any write. */
export function registerEventConsumer(consumer: EventConsumer) {
  const i = consumers.findIndex((c) => c.name === consumer.name);
  if (i >= 0) consumers.splice(i, 1, consumer);
  else consumers.push(consumer);
  consumed = new Set(consumers.flatMap((c) => c.classes));
}

export const eventConsumers = (): readonly EventConsumer[] => consumers;

/** A resource as the event writer reads it: its declaration's name and how its row is derived. */
export interface EventSource {
  decl: { name: string };
  table?: Table | string;
  row?(obj: Obj): Record<string, unknown>;
}

/** The account columns a row may carry: the owner, the two parties of a deal, a case's issuer and receiver. */
const PARTY_COLUMNS = ['account_id', 'vendor_id', 'provider_id', 'issuer_account_id', 'receiver_account_id'];

/**
 * The row an object is stored as, for its party and product columns; nothing when a flow audits a part of an object
 * (a translation's changed attributes) that the row cannot be derived from.
 */
function rowOrNothing(res: EventSource, obj: Obj): Record<string, unknown> {
  try {
    return typeof res.table === 'object' ? rowOf(res.table, obj) : (res.row?.(obj) ?? {});
  } catch {
    return {};
  }
}

export async function recordEvent(
  db: Transaction<DB>,
  res: EventSource,
  e: { objectId: string; action: string; owner: string; obj: Obj; at: string },
): Promise<void> {
  const known = CLASSES[res.decl.name];
  const row = rowOrNothing(res, e.obj);
  const parties = [...new Set([e.owner, ...PARTY_COLUMNS.map((c) => row[c]).filter((v) => typeof v === 'string')])];
  const objectClass = known?.objectClass ?? res.decl.name.replaceAll('-', '_');
  const waited = consumed.has(objectClass);
  await db
    .insertInto('events')
    .values({
      id: newId('EV', 4, 4),
      object_class: objectClass,
      object_id: e.objectId,
      type: known ? known.type(e.obj, e.action) : `${objectClass}_${e.action}`,
      action: e.action,
      account_ids: parties,
      product_id: typeof row.product_id === 'string' ? row.product_id : null,
      created_at: e.at,
      // nothing consumes the other classes yet: they are kept as the record, not queued
      dispatched_at: waited ? null : e.at,
    })
    .execute();
  if (waited) await enqueueUnlessQueued(db, DISPATCH_JOB, new Date());
}

/** The events of one object in order. */
export async function eventsOf(db: Transaction<DB> | Kysely<DB>, objectId: string) {
  const { rows } = await sql<{ seq: string; type: string; action: string; account_ids: string[] }>`
    select seq, type, action, account_ids from events where object_id = ${objectId} order by seq`.execute(db);
  return rows;
}
