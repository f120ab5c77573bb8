import { page, type RouteDef } from '../../../app/route-def.ts';

// The notifications module (domain notifications/notification-event.ts): a literal, so the route table (in the
// login page's bundle) does not pull in the domain's schemas.
const NOTIFICATIONS_MODULE_ID = 'MD-0007';

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
    module: NOTIFICATIONS_MODULE_ID,
    tabs: [
      { id: 'notifications', label: 'Notifications', module: NOTIFICATIONS_MODULE_ID },
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
    module: NOTIFICATIONS_MODULE_ID,
    restrictModule: true,
    hideInNavMenu: true,
    component: page(() => import('./SubscriptionPage.tsx')),
  },
];
