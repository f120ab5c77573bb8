import { page, type RouteDef } from '../../app/route-def.ts';
import { emailRoutes } from './email/routes.ts';

// The webhooks' module (domain notifications/webhook.ts WEBHOOK_MODULE): the API reads and writes them with it only.
const common = { module: 'MD-0014', restrictModule: true } as const;

/**
 * The notifications area's named routes (reference names `integrations`, `integrations.webhooks`): the Integrations
 * menu entry, which opens its first page, the account's webhooks and one webhook's page.
 */
export const notificationsRoutes: RouteDef[] = [
  {
    ...common,
    name: 'integrations',
    navOrder: 850,
    path: '/integrations',
    title: 'Integrations',
    component: page(() => import('./IntegrationsIndexPage.tsx')),
  },
  {
    ...common,
    name: 'integrations.webhooks',
    path: '/integrations/webhooks',
    title: 'Webhooks',
    parent: 'integrations',
    component: page(() => import('./WebhooksPage.tsx')),
  },
  {
    ...common,
    name: 'integrations.webhooks.details',
    path: '/integrations/webhooks/:id',
    title: 'Webhook',
    parent: 'integrations.webhooks',
    back: 'integrations.webhooks',
    hideInNavMenu: true,
    component: page(() => import('./WebhookDetailsPage.tsx')),
  },
  ...emailRoutes,
];
