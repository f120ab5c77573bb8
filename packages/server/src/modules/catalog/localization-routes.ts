import { TranslationAttributeBulk, XLSX_MIME, type TranslationAttribute } from '@trellis/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import { rawQuery, requireCtx } from '../../http/reply.ts';
import { getObject, listObjects, parseBody, parseQuery, type Params } from '../../resources/engine.ts';
import { registerResource } from '../../resources/routes.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import type { Api } from '../types.ts';
import { applyAttributeEdits } from './localization/bulk.ts';
import { attributes, productLocalizations, visibleTranslation } from './localization/served.ts';
import { sourcesFor } from './localization/sources.ts';
import { attributesWorkbook, gettextCatalog, readAttributesWorkbook } from './localization/spreadsheet.ts';
import {
  presentAttribute,
  requireLocalizationAccess,
  requireOwned,
  syncAttributes,
  withoutInternals,
  type StoredAttribute,
} from './localization/store.ts';

const ATTRIBUTES = '/localization/translations/:translation_id/attributes';
const DOWNLOAD = '/products/:productId/localizations/:id/download';

const wantsXlsx = (req: FastifyRequest) => (req.headers.accept ?? '').includes(XLSX_MIME);

/**
 * Localization routes the engine cannot derive: the gettext download, the attributes as a spreadsheet (export and
 * import) and their bulk edit. The attributes resource is registered here, inside the scope that parses
 * spreadsheets; the other localization resources are the area's.
 */
export function localizationRoutes(api: Api) {
  const { app, db } = api;
  describeRoute('put', ATTRIBUTES, {
    summary: `Bulk edit attributes: a JSON list of {key, value, comment}, or the exported spreadsheet (${XLSX_MIME}) with its Value column filled in; all or nothing`,
    tag: 'localization',
    body: TranslationAttributeBulk,
  });
  describeRoute('get', DOWNLOAD, {
    summary:
      "The vendor's translation of the product into a locale as a gettext catalogue (text/x-gettext-translation)",
    tag: 'products',
  });

  /** The vendor's translation of a product as a gettext catalogue. */
  app.get(DOWNLOAD, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = req.params as Params;
    const t = await getObject(productLocalizations, ctx, p, p.id.toUpperCase(), db);
    await syncAttributes(db, t, await sourcesFor(ctx, db, t.context.instance_id));
    const rows = await db
      .selectFrom('translation_attributes')
      .select('data')
      .where('translation_id', '=', t.id)
      .orderBy('key')
      .execute();
    const body = gettextCatalog(
      withoutInternals(t),
      rows.map((r) => presentAttribute(r.data as StoredAttribute)),
    );
    return reply
      .type('text/x-gettext-translation; charset=utf-8')
      .header('content-disposition', `attachment; filename="${t.context.instance_id}-${t.locale.id}.po"`)
      .send(body);
  });

  // Attributes accept a spreadsheet body (import) and answer a spreadsheet to Accept: xlsx (export);
  // the parser lives in this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser(XLSX_MIME, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.addHook('preHandler', async (req, reply) => {
      if (req.method !== 'GET' || !req.routeOptions.url?.endsWith('/attributes') || !wantsXlsx(req)) return;
      const ctx = requireCtx(req);
      const params = req.params as Params;
      const query = parseQuery(rawQuery(req));
      const all: TranslationAttribute[] = [];
      for (let offset = 0; ;) {
        const page = await listObjects(attributes, ctx, params, { ...query, limit: 1000, offset }, db);
        all.push(...page.items);
        offset += page.items.length;
        if (!page.items.length || offset >= page.total) break;
      }
      const t = (await visibleTranslation(db, ctx, params.translation_id))!;
      const file = await attributesWorkbook(withoutInternals(t), all);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', `attachment; filename="${t.id}-${t.locale.id}.xlsx"`)
        .send(file);
    });

    registerResource(scope, db, attributes);

    /**
     * Bulk edit: a JSON list of {key, value, comment}, or the exported spreadsheet filled in. Another tenant's
     * translation is a 404 and someone else's a 403 before the body is read, so the answer never confirms an id.
     */
    scope.put(ATTRIBUTES, async (req) => {
      const ctx = requireCtx(req);
      const id = (req.params as Params).translation_id;
      requireLocalizationAccess(ctx);
      const t = await visibleTranslation(db, ctx, id);
      if (!t) throw ApiError.notFound('Translation');
      requireOwned(ctx, t);
      if (Buffer.isBuffer(req.body)) {
        const rows = await readAttributesWorkbook(req.body);
        return applyAttributeEdits(db, ctx, id, rows, false);
      }
      const list = parseBody(TranslationAttributeBulk, req.body);
      return applyAttributeEdits(
        db,
        ctx,
        id,
        list.map((e, i) => ({ ...e, where: `[${i}]` })),
        true,
      );
    });
  });
}
