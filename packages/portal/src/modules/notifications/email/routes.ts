import { NOTIFICATIONS_MODULE } from '@trellis/domain/notifications/notification-event';
import { page, type RouteDef } from '../../../app/route-def.ts';

/**
 * Settings › E-mail (spec §2 `/settings/email`: notifications, settings): the account's subscriptions and their rules
 * (the notifications module's), and each user's own say over the rules that may mail them (anyone's).
 */
export const emailRoutes: RouteDef[] = [
  {
    name: 'settings.email',
    path: '/settings/email/:tab?',
    title: 'E-mail',
    parent: 'settings',
    module: NOTIFICATIONS_MODULE,
    tabs: [
      { id: 'notifications', label: 'Notifications', module: NOTIFICATIONS_MODULE },
      { id: 'settings', label: 'My settings' },
    ],
    component: page(() => import('./EmailSettingsPage.tsx')),
  },
  {
    name: 'settings.email.notifications.details',
    path: '/settings/email/notifications/:id',
    title: 'Subscription',
    parent: 'settings.email',
    back: 'settings.email',
    module: NOTIFICATIONS_MODULE,
    restrictModule: true,
    hideInNavMenu: true,
    component: page(() => import('./SubscriptionPage.tsx')),
  },
];
