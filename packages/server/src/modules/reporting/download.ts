import { ErrorCode } from '@trellis/domain';
import { fileStoreFor } from '../../files/index.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { getObject, type Params } from '../../resources/engine.ts';
import { attachmentDisposition } from '../helpdesk/attachments.ts';
import type { Api } from '../types.ts';
import { RENDERER_TYPES } from './renderers.ts';
import { reports } from './reports.ts';

// GET /reporting/reports/{id}/download: the file of a succeeded report, as an attachment in its format's type.
// Another account's report is a 404 like any of its objects; one still running or failed has no file (400); one
// past retention has none any more (404).

const PATH = '/reporting/reports/:id/download';
describeRoute('get', PATH, {
  summary: "Download a succeeded report's file (xlsx, csv or json, as its renderer says)",
  tag: 'reporting',
});

export function downloadRoute({ app, db, config }: Api) {
  const store = fileStoreFor(config);
  app.get(PATH, async (req, reply) => {
    const ctx = requireCtx(req);
    const { id } = req.params as Params;
    const report = await getObject(reports, ctx, {}, id, db);
    if (report.status !== 'succeeded')
      throw new ApiError(400, ErrorCode.transition, [
        `Report ${report.id} is ${report.status}; only a succeeded report can be downloaded.`,
      ]);
    const row = await db.selectFrom('reports').select('file_key').where('id', '=', report.id).executeTakeFirst();
    const file = row?.file_key ? await store.openStream(row.file_key) : null;
    if (!file) throw ApiError.notFound(report.expired ? 'Report file (expired)' : 'Report file');
    const type = RENDERER_TYPES[report.renderer];
    // JSON is UTF-8 by definition (RFC 8259); CSV names its charset
    const contentType = type.contentType.startsWith('text/') ? `${type.contentType}; charset=utf-8` : type.contentType;
    return reply
      .header('content-type', contentType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(`${report.name}.${type.ext}`))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(file.stream);
  });
}
