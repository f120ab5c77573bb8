import type { FastifyReply } from 'fastify';
import type { AgreementDocument, AgreementVersion } from '@trellis/domain';
import { fileStoreFor, newFileKey, readUpload, registerMultipart, type FileStore } from '../../files/index.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { getObject, presentObject, saveStamped, type Params } from '../../resources/engine.ts';
import { markdownToHtml } from '../catalog/public.ts';
import type { Api } from '../types.ts';
import { agreementVersions } from './agreement-versions.ts';
import { agreements, setPublicUrl } from './agreements.ts';

// Agreement documents: what both parties read. Markdown is rendered here (raw HTML in it stays text, unsafe links
// are refused by markdown-it) into a page that can run nothing; a PDF is streamed from the file store; an external
// document is a redirect. Only the agreement's owner uploads a PDF, to a draft version.

const AGREEMENT_DOC = '/agreements/:id/document';
const VERSION = '/agreements/:agreementId/versions/:id';
const VERSION_DOC = `${VERSION}/document`;

describeRoute('get', AGREEMENT_DOC, {
  summary: "The active version's document (HTML, PDF, or a redirect)",
  tag: 'Agreements',
});
describeRoute('get', VERSION_DOC, { summary: "A version's document (HTML, PDF, or a redirect)", tag: 'Agreements' });
describeRoute('post', VERSION_DOC, {
  summary: "Upload a PDF as a draft version's document (multipart/form-data, field `file`)",
  tag: 'Agreements',
});

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>body{font:15px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#212121}
h1,h2,h3{line-height:1.25}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem}pre{overflow:auto;background:#f5f5f5;padding:.5rem}</style>
</head><body>${body}</body></html>`;
}

async function send(reply: FastifyReply, store: FileStore, title: string, doc: AgreementDocument) {
  if (doc.format === 'link') {
    if (!doc.link) throw ApiError.notFound('Document');
    return reply.redirect(doc.link, 302);
  }
  reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-cache');
  if (doc.format === 'pdf') {
    const file = doc.file ? await store.get(doc.file) : null;
    if (!file) throw ApiError.notFound('Document');
    const name = (doc.file_name || 'agreement.pdf').replace(/[^\w.-]+/g, '_');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.body);
  }
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; sandbox")
    .send(page(title, markdownToHtml(doc.text ?? '')));
}

/** The version an agreement's document path means: the active one (else the latest the caller may read). */
async function activeVersion(api: Api, ctx: Ctx, id: string): Promise<AgreementVersion> {
  const agreement = await getObject(agreements, ctx, {}, id, api.db);
  const n = agreement.version?.version;
  if (!n) throw ApiError.notFound('Document');
  return getObject(agreementVersions, ctx, { agreementId: id }, String(n), api.db);
}

const PDF_MAGIC = Buffer.from('%PDF-');

export function documentRoutes(api: Api) {
  const { app, db } = api;
  const store = fileStoreFor(api.config);
  setPublicUrl(api.config.publicUrl);

  app.get(AGREEMENT_DOC, async (req, reply) => {
    const ctx = requireCtx(req);
    const { id } = req.params as Params;
    const v = await activeVersion(api, ctx, id);
    return send(reply, store, v.agreement.title, v.document);
  });

  app.get(VERSION_DOC, async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as Params;
    if (!/^\d{1,9}$/.test(params.id)) throw ApiError.notFound('Agreement version');
    const v = await getObject(agreementVersions, ctx, params, params.id, db);
    return send(reply, store, `${v.agreement.title} (version ${v.version})`, v.document);
  });

  app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post(VERSION_DOC, async (req) => {
      const ctx = requireCtx(req);
      const params = req.params as Params;
      if (!/^\d{1,9}$/.test(params.id)) throw ApiError.notFound('Agreement version');
      // 404 for what the caller cannot see, then the owner and draft rules, before the upload is read
      const seen = await getObject(agreementVersions, ctx, params, params.id, db);
      if (seen.agreement.owner.id !== ctx.account.id)
        throw ApiError.forbidden('Only the owner of the agreement can change it.');
      if (seen.status !== 'draft')
        throw ApiError.badRequest(`Only a draft version's document can change; this one is ${seen.status}.`);
      const { file } = await readUpload(req, 'file');
      if (!file) throw ApiError.badRequest('file: This field is required');
      if (!file.body.subarray(0, 5).equals(PDF_MAGIC))
        throw ApiError.badRequest('file: The document must be a PDF file.');
      const key = newFileKey('pdf');
      await store.put(key, file.body, { contentType: 'application/pdf', name: file.filename });
      try {
        const saved = await db.transaction().execute(async (trx) => {
          const current = await getObject(agreementVersions, ctx, params, params.id, trx, { lock: true });
          if (current.status !== 'draft')
            throw ApiError.badRequest(`Only a draft version's document can change; this one is ${current.status}.`);
          const next = { ...current, document: { format: 'pdf' as const, file: key, file_name: file.filename } };
          return saveStamped(agreementVersions, ctx, current, next, 'update', trx);
        });
        return presentObject(agreementVersions, ctx, saved, db);
      } catch (e) {
        await store.delete(key).catch(() => undefined);
        throw e;
      }
    });
  });
}
