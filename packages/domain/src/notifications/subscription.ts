import { z } from 'zod';
import { Events, Ref } from '../identity/common.ts';
import { BOOL_OPS, DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { REQUIRED } from '../validation/messages.ts';
import {
  NOTIFICATIONS_MODULE,
  NOTIFICATION_EVENTS,
  NotificationEvent,
  notificationEventById,
} from './notification-event.ts';

// E-mail subscriptions (reference /notifications/subscriptions, ns.AccountNotification): an account subscribes to
// one notification event (notification-event.ts) and mails whom its rules (rule.ts) name when the event happens to an
// object the account reads. One subscription per account and event; disabling it stops all of its rules.

export const AccountNotification = z.object({
  id: z.string(),
  enabled: z.boolean(),
  event: NotificationEvent,
  account: Ref,
  created_at: z.string(),
  events: Events,
});
export type AccountNotification = z.infer<typeof AccountNotification>;

const eventRef = z
  .object(
    {
      id: z.string({ error: () => REQUIRED }).refine((id) => !!notificationEventById(id), {
        message: `Choose one of ${NOTIFICATION_EVENTS.map((e) => e.id).join(', ')}.`,
      }),
    },
    { error: () => REQUIRED },
  )
  .meta({ title: 'Event' });

export const AccountNotificationCreate = z.object({
  event: eventRef,
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});
export type AccountNotificationCreate = z.infer<typeof AccountNotificationCreate>;

/** PUT: the reference's writable field, `enabled`. */
export const AccountNotificationUpdate = z.object({ enabled: z.boolean().optional().meta({ title: 'Enabled' }) });
export type AccountNotificationUpdate = z.infer<typeof AccountNotificationUpdate>;

export const subscriptionResource = defineResource({
  name: 'notification-subscription',
  title: 'Subscription',
  noun: 'subscriptions',
  path: '/notifications/subscriptions',
  module: NOTIFICATIONS_MODULE,
  schema: AccountNotification,
  create: AccountNotificationCreate,
  update: AccountNotificationUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS.filter((o) => o !== 'null') },
    enabled: { type: 'boolean', ops: BOOL_OPS.filter((o) => o !== 'null'), label: 'Enabled' },
    'event.id': { type: 'string', ops: ENUM_OPS },
    'event.name': { type: 'string', ops: ['eq', 'ne', 'like', 'ilike', 'in', 'out'] },
    'event.object_class': { type: 'string', ops: ENUM_OPS },
    created_at: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'event.name', 'enabled', 'created_at'],
  defaultOrdering: 'event.name',
  search: ['id', 'event.name'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    'event.name': { label: 'Event', kind: 'text' },
    'event.description': { label: 'Description', kind: 'text' },
    enabled: { label: 'Enabled', kind: 'bool' },
    created_at: { label: 'Created', kind: 'date' },
  },
  list: { columns: ['event.name', 'enabled', 'created_at'], phone: ['event.name', 'enabled'], filters: ['enabled'] },
  detail: { fields: ['id', 'event.name', 'event.description', 'enabled', 'created_at'] },
});
