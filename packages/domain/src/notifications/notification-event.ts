import { z } from 'zod';

// The events an account may subscribe to for e-mail (reference ns.NotificationEvent): each names the object class
// and the actions of the event stream (server resources/events.ts) it stands for, and the name its objects go by
// in a rule's template (`{{ request.id }}`, `{{ case.subject }}`).

export const NOTIFICATIONS_MODULE = 'MD-0007';

export const NOTIFICATION_EVENT_GROUPS = [
  'accounts',
  'helpdesk',
  'leads',
  'listing',
  'reports',
  'sla',
  'subscriptions',
  'tier_configs',
  'users',
  'offers',
  'products',
  'triggered_externally',
  'commerce',
  'integrations',
] as const;

export const NotificationEvent = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  group: z.enum(NOTIFICATION_EVENT_GROUPS),
  system: z.boolean(),
  /** The event stream's object class and the actions that raise it (Trellis). */
  object_class: z.string(),
  actions: z.array(z.string()),
  /** The name of the event's object in a rule's template. */
  variable: z.string(),
});
export type NotificationEvent = z.infer<typeof NotificationEvent>;

const event = (
  id: string,
  name: string,
  group: NotificationEvent['group'],
  object_class: string,
  actions: string[],
  variable: string,
  description: string,
): NotificationEvent => ({ id, name, description, group, system: false, object_class, actions, variable });

export const NOTIFICATION_EVENTS: readonly NotificationEvent[] = [
  event(
    'NE-0001',
    'Fulfillment request created',
    'subscriptions',
    'fulfillment_request',
    ['create'],
    'request',
    'A fulfillment request of a subscription was created.',
  ),
  event(
    'NE-0002',
    'Fulfillment request approved',
    'subscriptions',
    'fulfillment_request',
    ['approve'],
    'request',
    'A fulfillment request was approved.',
  ),
  event(
    'NE-0003',
    'Fulfillment request failed',
    'subscriptions',
    'fulfillment_request',
    ['fail'],
    'request',
    'A fulfillment request was rejected.',
  ),
  event(
    'NE-0004',
    'Fulfillment request inquiring',
    'subscriptions',
    'fulfillment_request',
    ['inquire'],
    'request',
    'The vendor asks for more information on a fulfillment request.',
  ),
  event(
    'NE-0005',
    'Tier config request created',
    'tier_configs',
    'tier_config_request',
    ['create'],
    'request',
    'A tier configuration request was created.',
  ),
  event(
    'NE-0006',
    'Listing request created',
    'listing',
    'listing_request',
    ['create'],
    'request',
    'A listing request was created.',
  ),
  event('NE-0007', 'Case created', 'helpdesk', 'helpdesk_case', ['create'], 'case', 'A helpdesk case was raised.'),
  event('NE-0008', 'Case resolved', 'helpdesk', 'helpdesk_case', ['resolve'], 'case', 'A helpdesk case was resolved.'),
];

export const notificationEventById = (id: string) => NOTIFICATION_EVENTS.find((e) => e.id === id);

/** The object classes notification rules read from the event stream. */
export const NOTIFICATION_OBJECT_CLASSES = [...new Set(NOTIFICATION_EVENTS.map((e) => e.object_class))];
