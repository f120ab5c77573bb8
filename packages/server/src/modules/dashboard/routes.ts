import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import type { Api } from '../types.ts';
import { countAll } from './counters.ts';

/**
 * Dashboard counters of the account the caller works in: GET reads them, POST (what the portal calls)
 * recalculates them; both count live, so they answer the same. Another account's statistics are a 404.
 */
export function statisticsRoutes({ app, db }: Api) {
  const handler = async (req: FastifyRequest) => {
    const ctx = requireCtx(req);
    const { account } = req.params as { account: string };
    if (account !== ctx.account.id) throw ApiError.notFound('Account');
    return countAll(db, ctx);
  };
  app.get('/accounts/:account/statistics', handler);
  app.post('/accounts/:account/statistics', handler);
}
