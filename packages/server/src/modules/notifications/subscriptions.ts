import { sql } from 'kysely';
import {
  notificationEventById,
  subscriptionResource,
  type AccountNotification,
  type AccountNotificationCreate,
  type AccountNotificationUpdate,
} from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { subscriptionTable } from './rule-tables.ts';

// E-mail subscriptions (reference /notifications/subscriptions): an account's own, one per notification event.
// Another account's subscription is a 404.

export const subscriptions: Served<AccountNotification> = {
  decl: subscriptionResource,
  table: subscriptionTable,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,

  async create(ctx, input: AccountNotificationCreate, _params, db) {
    const event = notificationEventById(input.event.id)!;
    const taken = await db
      .selectFrom('notification_subscriptions')
      .select('id')
      .where('account_id', '=', ctx.account.id)
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    if (taken) throw ApiError.field('event', `Your account already subscribes to ${event.name} (${taken.id}).`);
    return {
      id: newId('AN', 4, 4),
      enabled: input.enabled,
      event,
      account: { id: ctx.account.id, name: ctx.account.name },
      created_at: new Date().toISOString(),
      events: {},
    };
  },

  async update(_ctx, current, input: AccountNotificationUpdate) {
    return input.enabled === undefined ? current : { ...current, enabled: input.enabled };
  },
};
