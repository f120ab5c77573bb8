import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { USAGE_FILE_MAX_BYTES, USAGE_UPLOADABLE, type UsageFile } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { mb, registerStreamMultipart, streamUpload, XLSX_KIND, type FileStore } from '../../files/index.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { enqueue } from '../../jobs/queue.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { getObject, presentObject, saveStamped, type Params } from '../../resources/engine.ts';
import type { Api } from '../types.ts';
import { usageFiles } from './files.ts';
import { PROCESS_JOB } from './jobs.ts';
import { uploadedFileUri } from './process.ts';
import { sendAttachment } from './xlsx.ts';

// The vendor's spreadsheet of a usage file: POST /usage/files/{id}/upload (multipart/form-data, field `usage_file`,
// as the reference) streams it into the file store while checking its name and first bytes, then, in one
// transaction, makes the file `uploaded` and queues its processing (process.ts). Both spreadsheets, as uploaded and
// as processed, download from GET …/uploadedfile and …/processedfile for whoever sees the file.

const FIELD = 'usage_file';
const UPLOAD = '/usage/files/:id/upload';

describeRoute('post', UPLOAD, {
  summary: `Upload the usage spreadsheet (multipart/form-data, field \`${FIELD}\`, .xlsx up to ${mb(USAGE_FILE_MAX_BYTES)}); queues its processing`,
  tag: 'usage',
});
describeRoute('get', '/usage/files/:id/uploadedfile', {
  summary: 'Download the spreadsheet as uploaded',
  tag: 'usage',
});
describeRoute('get', '/usage/files/:id/processedfile', {
  summary: "Download the processed spreadsheet: the uploaded rows with each bad row's errors",
  tag: 'usage',
});

/** Only the vendor uploads, and only while the file may still change. */
function refuseUpload(f: UsageFile, ctx: Ctx) {
  if (f.vendor.id !== ctx.account.id) throw ApiError.forbidden(`Only ${f.vendor.name} (the vendor) can do this.`);
  if (!USAGE_UPLOADABLE.includes(f.status)) throw ApiError.transition('upload', f.status);
}

async function upload(db: Kysely<DB>, store: FileStore, req: FastifyRequest) {
  const ctx = requireCtx(req);
  const { id } = req.params as Params;
  // another tenant's file is a 404, and a refused upload a 4xx, before a byte of the body is read
  refuseUpload(await getObject(usageFiles, ctx, {}, id, db), ctx);
  const { file } = await streamUpload(req, store, { field: FIELD, maxBytes: USAGE_FILE_MAX_BYTES, kind: XLSX_KIND });
  if (!file) throw ApiError.badRequest(`${FIELD}: This field is required.`);
  const { key, size, name } = file;
  try {
    const { saved, old } = await db.transaction().execute(async (trx) => {
      const current = await getObject(usageFiles, ctx, {}, id, trx, { lock: true });
      refuseUpload(current, ctx);
      const old = await trx
        .selectFrom('usage_files')
        .select(['upload_key', 'processed_key'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // the records and the report of the previous spreadsheet go with it
      await trx.deleteFrom('usage_records').where('usage_file_id', '=', id).execute();
      const next: UsageFile = {
        ...current,
        status: 'uploaded',
        usage_file_uri: uploadedFileUri(id),
        processed_file_uri: null,
        size,
        file_name: name,
        error_detail: '',
        errors: [],
        stats: { uploaded: 0, validated: 0, pending: 0, accepted: 0, closed: 0, billed: 0 },
        records: { valid: 0, invalid: 0, closed: 0 },
        progress: { done: 0, total: null },
        items: [],
      };
      const saved = await saveStamped(usageFiles, ctx, current, next, 'upload', trx, 'uploaded');
      await trx.updateTable('usage_files').set({ upload_key: key, processed_key: null }).where('id', '=', id).execute();
      await enqueue(trx, PROCESS_JOB, { id, key }, { accountId: current.vendor.id });
      return { saved, old };
    });
    for (const k of [old.upload_key, old.processed_key]) if (k) await store.delete(k);
    return presentObject(usageFiles, ctx, saved, db);
  } catch (e) {
    await store.delete(key);
    throw e;
  }
}

/** Stream one of the file's spreadsheets to whoever sees the file. */
async function download(
  db: Kysely<DB>,
  store: FileStore,
  req: FastifyRequest,
  reply: FastifyReply,
  which: 'upload' | 'processed',
) {
  const ctx = requireCtx(req);
  const { id } = req.params as Params;
  const f = await getObject(usageFiles, ctx, {}, id, db);
  const row = await db
    .selectFrom('usage_files')
    .select(['upload_key', 'processed_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const key = which === 'upload' ? row.upload_key : row.processed_key;
  const file = key ? await store.openStream(key) : null;
  if (!file) throw ApiError.notFound(which === 'upload' ? 'Uploaded file' : 'Processed file');
  const base = f.file_name ?? `${f.id}.xlsx`;
  const name = which === 'upload' ? base : `processed_${base}`;
  return sendAttachment(reply, name, file.stream, file.size);
}

export function uploadRoutes(api: Api, store: FileStore) {
  const { app, db } = api;
  app.register(async (scope) => {
    // multipart in this scope only, with the usage spreadsheet's own limit
    await registerStreamMultipart(scope, USAGE_FILE_MAX_BYTES);
    scope.post(UPLOAD, async (req) => upload(db, store, req));
  });
  app.get('/usage/files/:id/uploadedfile', (req, reply) => download(db, store, req, reply, 'upload'));
  app.get('/usage/files/:id/processedfile', (req, reply) => download(db, store, req, reply, 'processed'));
}
