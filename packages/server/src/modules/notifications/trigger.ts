import { WEBHOOK_MODULE } from '@trellis/domain';
import { requireModule } from '../../http/context.ts';
import { requireCtx } from '../../http/reply.ts';
import { getObject } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import type { Api } from '../types.ts';
import { TEST_EVENT, attemptDelivery, insertDelivery } from './deliver.ts';
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
    const test = { id: newId('EV', 4, 4), type: TEST_EVENT, object: null };
    const delivery = await insertDelivery(db, { webhookId: webhook.id, accountId: ctx.account.id, seq: null }, test);
    return (await attemptDelivery(db, delivery.id)) ?? delivery;
  });
}
