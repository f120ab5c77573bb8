import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { reconciliationResource, Reconciliation, USAGE_FILE_MAX_BYTES, UsageFile, validation } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import {
  fileStoreFor,
  registerStreamMultipart,
  streamUpload,
  XLSX_KIND,
  type StreamedUpload,
} from '../../files/index.ts';
import { requireModule, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { enqueue } from '../../jobs/queue.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { getObject, insertStamped, presentObject, saveStamped } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import type { Api } from '../types.ts';
import { usageFiles } from './files.ts';
import { RECONCILE_JOB } from './jobs.ts';
import { reconciliations } from './reconciliations.ts';
import { sendAttachment } from './xlsx.ts';

// The provider uploads its reconciliation spreadsheet for an accepted usage file (reference: on the file, or on the
// reconciliations collection naming the file); it is streamed into the store and matched by the reconciliation
// job. Both spreadsheets, as uploaded and as processed, download from the reconciliation.

const FILE_RECONCILIATION = '/usage/files/:id/reconciliation';
const RECONCILIATIONS = '/usage/reconciliations';
const UPLOADED = '/usage/reconciliations/:id/uploadedfile';
const PROCESSED = '/usage/reconciliations/:id/processedfile';
const FIELD = 'recon_file';
const NOTE_MAX = 500;

/** An upload that carried its file. */
type Received = StreamedUpload & { file: NonNullable<StreamedUpload['file']> };

describeRoute('post', FILE_RECONCILIATION, {
  summary: `Upload the provider's reconciliation spreadsheet (multipart/form-data: \`${FIELD}\`, optional \`upload_note\`) for an accepted usage file; answers the file`,
  tag: 'usage',
  response: UsageFile,
});
describeRoute('post', RECONCILIATIONS, {
  summary: `Upload a reconciliation spreadsheet (multipart/form-data: \`${FIELD}\`, \`usagefile_id\`, optional \`upload_note\`) for an accepted usage file`,
  tag: 'usage',
  response: Reconciliation,
  status: 201,
});
describeRoute('get', UPLOADED, { summary: 'The reconciliation spreadsheet as uploaded (XLSX)', tag: 'usage' });
describeRoute('get', PROCESSED, {
  summary: 'The reconciliation spreadsheet with the result of each row (XLSX)',
  tag: 'usage',
});

/** Only the file's provider reconciles it, once accepted. */
function mayReconcile(ctx: Ctx, f: UsageFile) {
  if (f.provider.id !== ctx.account.id)
    throw ApiError.forbidden(`Only ${f.provider.name} (the provider) uploads a reconciliation of this file.`);
  if (f.status !== 'accepted') throw ApiError.transition('reconciliation', f.status);
}

/** The caller may upload reconciliations at all: the module, and the provider side (checked before the body). */
function mayUpload(ctx: Ctx) {
  requireModule(ctx, reconciliationResource.module);
  if (ctx.account.type !== 'provider') throw ApiError.forbidden('Only providers upload reconciliations.');
}

const noteOf = (fields: Record<string, string>) => {
  const note = (fields.upload_note ?? '').trim();
  if (note.length > NOTE_MAX) throw ApiError.badRequest(`upload_note: ${validation.messages.maxLength(NOTE_MAX)}`);
  return note;
};

/** The reconciliation of a stored upload, in the caller's transaction: queued for the job, linked from the file. */
async function createReconciliation(ctx: Ctx, trx: Transaction<DB>, fileId: string, upload: Received, note: string) {
  const f = await getObject(usageFiles, ctx, {}, fileId, trx, { lock: true });
  mayReconcile(ctx, f);
  const at = new Date().toISOString();
  const id = newId('UFR', 3, 4);
  const made: Reconciliation = {
    id,
    status: 'uploaded',
    usagefile: { id: f.id, name: f.name, schema: f.schema, currency: f.currency },
    partusagefile: null,
    vendor: { id: f.vendor.id, name: f.vendor.name },
    provider: { id: f.provider.id, name: f.provider.name },
    error: null,
    notes: { uploaded: note, processing: '' },
    results: { rows: 0, matched: 0, mismatched: 0, unknown: 0, missing: 0 },
    uploaded_file_uri: `/public/v1/usage/reconciliations/${id}/uploadedfile`,
    processed_file_uri: null,
    file_name: upload.file.name || null,
    size: upload.file.size,
    created: at,
    updated: at,
    events: {},
  };
  const reconciliation = await insertStamped(reconciliations, ctx, made, trx, { upload_key: upload.file.key });
  await enqueue(trx, RECONCILE_JOB, { id }, { accountId: f.provider.id });
  const file = await saveStamped(
    usageFiles,
    ctx,
    f,
    { ...f, reconciliation_file_uri: reconciliation.uploaded_file_uri },
    'reconciliation',
    trx,
  );
  return { reconciliation, file };
}

export function reconciliationRoutes(api: Api) {
  const { app, db } = api;
  const store = fileStoreFor(api.config);

  /** The upload streamed into the store; then `make` in one transaction, the stored file removed if it fails. */
  async function receive<R>(
    req: FastifyRequest,
    make: (trx: Transaction<DB>, upload: Received, note: string) => Promise<R>,
  ): Promise<R> {
    const upload = await streamUpload(req, store, { field: FIELD, maxBytes: USAGE_FILE_MAX_BYTES, kind: XLSX_KIND });
    const { file } = upload;
    try {
      if (!file) throw ApiError.badRequest(`${FIELD}: ${validation.REQUIRED}`);
      const note = noteOf(upload.fields);
      return await db.transaction().execute((trx) => make(trx, { ...upload, file }, note));
    } catch (e) {
      if (file) await store.delete(file.key).catch(() => undefined);
      throw e;
    }
  }

  app.register(async (scope) => {
    await registerStreamMultipart(scope, USAGE_FILE_MAX_BYTES);

    scope.post(FILE_RECONCILIATION, async (req) => {
      const ctx = requireCtx(req);
      const { id } = req.params as { id: string };
      // another tenant's file is a 404, the vendor's side a 403 and a wrong status a 400, all before the upload
      const f = await getObject(usageFiles, ctx, {}, id, db);
      requireModule(ctx, reconciliationResource.module);
      mayReconcile(ctx, f);
      const { file } = await receive(req, (trx, upload, note) => createReconciliation(ctx, trx, id, upload, note));
      return presentObject(usageFiles, ctx, file, db);
    });

    scope.post(RECONCILIATIONS, async (req, reply) => {
      const ctx = requireCtx(req);
      mayUpload(ctx);
      const { reconciliation } = await receive(req, async (trx, upload, note) => {
        const fileId = (upload.fields.usagefile_id ?? '').trim();
        if (!fileId) throw ApiError.badRequest(`usagefile_id: ${validation.REQUIRED}`);
        try {
          return await createReconciliation(ctx, trx, fileId, upload, note);
        } catch (e) {
          // the file is named in the body: one the caller cannot see is a bad reference, as in other bodies
          if (e instanceof ApiError && e.status === 404)
            throw ApiError.badRequest(`usagefile_id: usage file ${fileId} not found.`);
          throw e;
        }
      });
      return reply.code(201).send(await presentObject(reconciliations, ctx, reconciliation, db));
    });
  });

  /** A stored spreadsheet of a reconciliation the caller sees. */
  async function download(req: FastifyRequest, which: 'upload_key' | 'processed_key') {
    const ctx = requireCtx(req);
    const { id } = req.params as { id: string };
    const r = await getObject(reconciliations, ctx, {}, id, db);
    const row = await db
      .selectFrom('usage_reconciliations')
      .select(['upload_key', 'processed_key'])
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    const key = row[which];
    const file = key ? await store.openStream(key) : null;
    if (!file)
      throw ApiError.notFound(which === 'processed_key' ? `Processed file of ${r.id} (status ${r.status})` : 'File');
    return { r, file };
  }

  app.get(UPLOADED, async (req, reply) => {
    const { r, file } = await download(req, 'upload_key');
    return sendAttachment(reply, r.file_name ?? `${r.id}.xlsx`, file.stream, file.size);
  });

  app.get(PROCESSED, async (req, reply) => {
    const { r, file } = await download(req, 'processed_key');
    return sendAttachment(reply, `${r.id}_processed.xlsx`, file.stream, file.size);
  });
}
