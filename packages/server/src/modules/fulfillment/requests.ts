import type { Request } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { getObject, type Served } from '../../resources/engine.ts';
import { markdownToHtml } from '../catalog/public.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import type { Api } from '../types.ts';
import { askRequestValidator, requestActions } from './request-actions.ts';
import { createRequest } from './request-create.ts';
import { requestStore } from './request-store.ts';
import { renderLinked } from './request-templates.ts';
import { pendingOrTiersSetup } from './request-tiers.ts';
import { removeDraft } from './request-remove.ts';
import { updateRequest } from './request-update.ts';

/**
 * Asset (fulfillment) requests at /requests: the provider orders, the vendor fulfils.
 * A request created pending may first need its tiers set up (the row must exist for the tier config requests).
 */
export const requests: Served<Request> = {
  ...requestStore,
  create: (ctx, input, _params, db) => createRequest(ctx, input, db),
  afterCreate: async (ctx, r, db) => (r.status === 'pending' ? pendingOrTiersSetup(db, ctx, r) : r),
  update: (ctx, current, input, _params, db) => updateRequest(ctx, current, input, db),
  remove: (ctx, current, _params, db) => removeDraft(ctx, current, db),
  actions: requestActions,
  prepare: { validate: askRequestValidator },
};

/** A request the caller sees, or null (another tenant's is simply not found). */
export async function visibleRequest(
  db: Parameters<typeof getObject>[4],
  ctx: Parameters<typeof getObject>[1],
  id: string,
) {
  try {
    return await getObject(requests, ctx, {}, id, db);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export function requestRoutes(api: Api) {
  const { app, db } = api;
  describeRoute('get', '/requests/:id/render', {
    summary:
      'The activation text: the approved text, or the linked template rendered with current data (text/markdown; format=html for HTML)',
  });

  /** The linked template rendered with the request's current data, as Markdown (reference text/markdown). */
  // An approved request shows the text the customer received (`activation_key`), not a re-render with today's data.
  // `format=html` answers that text as safe HTML in a JSON string, as the template render route does.
  app.get('/requests/:id/render', async (req, reply) => {
    const ctx = requireCtx(req);
    const request = await getObject(requests, ctx, {}, (req.params as { id: string }).id, db);
    const format = (req.query as { format?: string }).format;
    if (format !== undefined && format !== 'html' && format !== 'markdown')
      throw ApiError.badRequest('format: Must be one of: markdown, html');
    const markdown =
      request.status === 'approved' && request.activation_key
        ? request.activation_key
        : await renderLinked(db, request);
    if (format === 'html') return reply.type('application/json').send(JSON.stringify(markdownToHtml(markdown)));
    return reply.type('text/markdown; charset=utf-8').send(markdown);
  });
}
