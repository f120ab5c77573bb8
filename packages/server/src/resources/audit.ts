import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { actorOf, type Ctx } from '../http/context.ts';
import { recordEvent, type EventSource } from './events.ts';
import { newId } from './ids.ts';

type Obj = Record<string, any>;

/** Top-level fields whose value changed, with before and after (events and secrets left out). */
export function diff(
  before: Obj | undefined,
  after: Obj | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (k === 'events' || k === 'token' || k === 'secret') continue;
    const a = before?.[k];
    const b = after?.[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[k] = { before: a ?? null, after: b ?? null };
  }
  return changes;
}

export interface AuditEntry {
  res: EventSource | string;
  objectId: string;
  action: string;
  owner: string;
  before?: Obj;
  after?: Obj;
}

/** Who did what to which object, in the same transaction as the change; with its event (resources/events.ts). */
export async function recordAudit(db: Transaction<DB>, ctx: Ctx, e: AuditEntry): Promise<void> {
  const actor = actorOf(ctx);
  const at = new Date().toISOString();
  const type = typeof e.res === 'string' ? e.res : e.res.decl.name;
  const id = newId('AR', 4, 4);
  const data = {
    id,
    action: e.action,
    object: { id: e.objectId, type },
    actor: { ...actor, type: ctx.token ? 'token' : ctx.user ? 'user' : 'system' },
    account: { id: e.owner },
    changes: diff(e.before, e.after),
    events: { created: { at, by: actor } },
  };
  await db
    .insertInto('audit_records')
    .values({
      id,
      account_id: e.owner,
      object_id: e.objectId,
      object_type: type,
      action: e.action,
      actor_id: actor.id,
      created_at: at,
      data: JSON.stringify(data),
    })
    .execute();
  const obj = e.after ?? e.before;
  if (typeof e.res !== 'string' && obj)
    await recordEvent(db, e.res, { objectId: e.objectId, action: e.action, owner: e.owner, obj, at });
}
