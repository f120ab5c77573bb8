import { webhookResource } from '@trellis/domain/notifications/webhook';
import { pathTo } from '../../app/routes.ts';

/** The pages. */
export const webhooksPath = () => pathTo('integrations.webhooks');
export const webhookPagePath = (id: string) => pathTo('integrations.webhooks.details', { id });

/** The API (under /public/v1). */
export const webhookApiPath = (id: string) => `${webhookResource.path}/${id}`;
export const deliveriesApiPath = (id: string) => `${webhookApiPath(id)}/deliveries`;
