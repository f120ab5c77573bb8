import { sql } from 'kysely';
import { webhookDeliveryResource, type WebhookDelivery } from '@trellis/domain';
import type { Served } from '../../resources/engine.ts';
import { deliveryTable } from './tables.ts';

/** A webhook's delivery log: read-only, for the webhook's account (any other account's is a 404). */
export const deliveries: Served<WebhookDelivery> = {
  decl: webhookDeliveryResource,
  table: deliveryTable,
  scope: (ctx, params) => sql<boolean>`t.account_id = ${ctx.account.id} and t.webhook_id = ${params.webhookId ?? ''}`,
  parentVisible: async (ctx, params, db) =>
    Boolean(
      await db
        .selectFrom('webhooks')
        .select('id')
        .where('id', '=', params.webhookId ?? '')
        .where('account_id', '=', ctx.account.id)
        .executeTakeFirst(),
    ),
};
