import { notificationEventById, type NotificationEvent } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { getObject, listObjects, parseQuery, presentObject, type Db, type Served } from '../../resources/engine.ts';
import { resourceOfClass } from '../../resources/events.ts';
import { servedByName } from '../../resources/routes.ts';

// The objects a rule's template is rendered against, always as the rule's account reads them through the API.

/** The served resource of an event stream's object class (classes without a mapping are named after it). */
export const servedOfClass = (objectClass: string): Served<any> | undefined =>
  servedByName(resourceOfClass(objectClass) ?? objectClass.replaceAll('_', '-'));

/** The object as this account reads it, or undefined when it may not. */
export async function objectAs(db: Db, ctx: Ctx, objectClass: string, id: string): Promise<any | undefined> {
  const served = servedOfClass(objectClass);
  if (!served) return undefined;
  try {
    return await presentObject(served, ctx, await getObject(served, ctx, {}, id, db), db);
  } catch {
    return undefined;
  }
}

/** The newest object of the class the account reads (a preview without a chosen object). */
export async function recentObject(db: Db, ctx: Ctx, objectClass: string): Promise<any | undefined> {
  const served = servedOfClass(objectClass);
  if (!served) return undefined;
  try {
    const { items } = await listObjects(served, ctx, {}, parseQuery('limit=1'), db);
    return items[0];
  } catch {
    return undefined;
  }
}

/** What a template of this event sees: the object under the event's name, the account, the rule and the event. */
export function viewOf(
  event: Pick<NotificationEvent, 'variable' | 'name' | 'id'>,
  object: unknown,
  extra: { account: { id: string; name?: string }; rule?: { id: string; name: string }; at?: string },
): Record<string, unknown> {
  return {
    [event.variable]: object ?? {},
    account: extra.account,
    ...(extra.rule && { rule: extra.rule }),
    event: { id: event.id, name: event.name, at: extra.at ?? new Date().toISOString() },
  };
}

export const eventOf = (id: string): NotificationEvent | undefined => notificationEventById(id);
