import { sql } from 'kysely';
import type { Request } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import { rawQuery, requireCtx, sendListJson } from '../../http/reply.ts';
import { getObject, listJson, parseQuery } from '../../resources/engine.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import type { Api } from '../types.ts';
import { assets } from './asset-store.ts';
import { renderLinked } from './request-templates.ts';
import { requests } from './requests.ts';

export function assetRoutes(api: Api) {
  const { app, db } = api;
  describeRoute('get', '/assets/:assetId/requests', {
    summary: "The asset's requests, newest first (the RQL of /requests applies)",
  });
  describeRoute('get', '/assets/:id/render', {
    summary: "The template of the asset's last approval, rendered with the asset as it is now (text/markdown)",
  });

  /** The asset's requests, newest first (any RQL of /requests applies); 404 when the asset is not visible. */
  app.get('/assets/:assetId/requests', async (req, reply) => {
    const ctx = requireCtx(req);
    const { assetId } = req.params as { assetId: string };
    await getObject(assets, ctx, {}, assetId, db);
    return sendListJson(
      reply,
      await listJson(requests, ctx, {}, parseQuery(rawQuery(req)), db, sql<boolean>`t.asset_id = ${assetId}`),
    );
  });

  /** The template of the asset's last approval that had one, rendered with the asset as it is now. */
  app.get('/assets/:id/render', async (req, reply) => {
    const ctx = requireCtx(req);
    const asset = await getObject(assets, ctx, {}, (req.params as { id: string }).id, db);
    const { rows } = await sql<{
      data: Request;
    }>`select data from asset_requests where asset_id = ${asset.id} and status = 'approved'
      and data->'template' <> 'null'::jsonb order by created_at desc limit 1`.execute(db);
    if (!rows.length) throw ApiError.badRequest(`Asset ${asset.id} has no activation template yet.`);
    return reply.type('text/markdown; charset=utf-8').send(await renderLinked(db, { ...rows[0].data, asset }));
  });
}
