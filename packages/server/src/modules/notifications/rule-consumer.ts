import {
  NOTIFICATION_OBJECT_CLASSES,
  conditionHolds,
  notificationEventById,
  type NotificationRule,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import type { EventConsumer } from '../../resources/events.ts';
import { accountCtx } from '../identity/public.ts';
import { objectAs, viewOf } from './rule-objects.ts';
import { queueRendered, ruleRecipients } from './rule-mail.ts';
import { renderTemplate } from './rule-render.ts';

// E-mail notification rules as a consumer of the event stream: for each event, the enabled rules of the enabled
// subscriptions (of the accounts that may see the event) whose event names its class and action; the object is read
// as that account reads it (none: no mail), the condition tested on it, and one mail queued per recipient in the
// dispatcher's transaction.

/** A template that no longer renders (checked when written, so not expected) skips its mail, not the batch. */
function renderOrNothing(template: NotificationRule['template'], view: Record<string, unknown>) {
  try {
    return renderTemplate(template, view);
  } catch {
    return null;
  }
}

export const ruleConsumer: EventConsumer = {
  name: 'notification-rules',
  classes: NOTIFICATION_OBJECT_CLASSES,
  async consume(trx, events) {
    const accounts = [...new Set(events.flatMap((e) => e.account_ids))];
    const rows = await trx
      .selectFrom('notification_rules as r')
      .innerJoin('notification_subscriptions as s', 's.id', 'r.subscription_id')
      .select(['r.data', 's.event_id', 's.account_id'])
      .where('s.enabled', '=', true)
      .where('r.enabled', '=', true)
      .where('s.object_class', 'in', [...new Set(events.map((e) => e.object_class))])
      .where('s.account_id', 'in', accounts.length ? accounts : [''])
      .orderBy('r.position')
      .orderBy('r.created_at')
      .execute();
    if (!rows.length) return;
    const contexts = new Map<string, Ctx | undefined>();
    const ctxOf = async (accountId: string) => {
      if (!contexts.has(accountId)) contexts.set(accountId, await accountCtx(trx, accountId));
      return contexts.get(accountId);
    };
    for (const e of events) {
      const objects = new Map<string, unknown>();
      for (const row of rows) {
        const event = notificationEventById(row.event_id);
        if (!event || event.object_class !== e.object_class || !event.actions.includes(e.action)) continue;
        if (row.account_id !== row.data.account.id || !e.account_ids.includes(row.account_id)) continue;
        const ctx = await ctxOf(row.account_id);
        if (!ctx) continue;
        if (!objects.has(row.account_id))
          objects.set(row.account_id, await objectAs(trx, ctx, e.object_class, e.object_id));
        const object = objects.get(row.account_id);
        const rule = row.data as NotificationRule;
        if (object === undefined || !conditionHolds(rule.condition, object)) continue;
        const ruleRef = { id: rule.id, name: rule.name };
        const view = viewOf(event, object, {
          account: rule.account,
          rule: ruleRef,
          at: new Date(e.created_at).toISOString(),
        });
        const to = await ruleRecipients(trx, rule, object);
        const why = `You receive this e-mail because of the rule "${rule.name}" of ${rule.account.name} (${event.name}).`;
        const rendered = renderOrNothing(rule.template, view);
        if (rendered) await queueRendered(trx, row.account_id, rendered, to, why);
      }
    }
  },
};
