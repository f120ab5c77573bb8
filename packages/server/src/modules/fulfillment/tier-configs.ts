import { requireCtx } from '../../http/reply.ts';
import { getObject, type Params } from '../../resources/engine.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import type { Api } from '../types.ts';
import { tierConfigRequests } from './tier-config-requests.ts';
import { configTable } from './tier-tables.ts';

// Tier configs (/tier/configs): read-only; made by tiers setup and changed only by their requests.

export const tierConfigs = configTable;

export function tierConfigRoutes({ app, db }: Api) {
  describeRoute('get', '/tier/configs/:id/render', {
    summary: 'The rendered template of the last approval of this configuration (text/markdown)',
    tag: 'tier',
  });
  describeRoute('get', '/tier/config-requests/:id/render', {
    summary: 'The rendered template this request was approved or inquired with (text/markdown)',
    tag: 'tier',
  });

  // The text of the template the last approval (or inquiry) chose, as Markdown (reference /render).
  app.get('/tier/configs/:id/render', async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as Params;
    const config = await getObject(tierConfigs, ctx, params, params.id, db);
    return reply.type('text/markdown; charset=utf-8').send(config.template?.representation ?? '');
  });
  app.get('/tier/config-requests/:id/render', async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as Params;
    const request = await getObject(tierConfigRequests, ctx, params, params.id, db);
    return reply.type('text/markdown; charset=utf-8').send(request.template?.representation ?? '');
  });
}
