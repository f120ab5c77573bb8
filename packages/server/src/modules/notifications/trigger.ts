import { WEBHOOK_MODULE, type WebhookDelivery } from '@trellis/domain';
import { requireModule } from '../../http/context.ts';
import { requireCtx } from '../../http/reply.ts';
import { getObject } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import type { Api } from '../types.ts';
import { TEST_EVENT, attemptDelivery } from './deliver.ts';
import { webhooks } from './webhooks.ts';

/**
 * POST /notifications/webhooks/{id}/trigger: a test call now, answered with its delivery (one attempt, no retries),
 * so the account sees at once whether its receiver accepts Trellis's calls. Inactive webhooks can be tested too.
 */
export function triggerRoute({ app, db }: Api) {
  app.post('/notifications/webhooks/:id/trigger', async (req) => {
    const ctx = requireCtx(req);
    const webhook = await getObject(webhooks, ctx, {}, (req.params as { id: string }).id, db);
    requireModule(ctx, WEBHOOK_MODULE);
    const at = new Date().toISOString();
    const delivery: WebhookDelivery = {
      id: newId('WHD', 4, 4),
      webhook: { id: webhook.id },
      event: { id: newId('EV', 4, 4), type: TEST_EVENT, object: null },
      status: 'pending',
      attempts: 0,
      status_code: null,
      duration: null,
      error: null,
      response: null,
      next_attempt_at: null,
      events: { created: { at } },
    };
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: delivery.id,
        webhook_id: webhook.id,
        account_id: ctx.account.id,
        event_seq: null,
        object_id: null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: null,
        created_at: at,
        data: JSON.stringify(delivery),
      })
      .execute();
    return (await attemptDelivery(db, delivery.id)) ?? delivery;
  });
}
