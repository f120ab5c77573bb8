import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { pipeline, Transform, type Readable } from 'node:stream';
import { ErrorCode, USAGE_FILE_MAX_BYTES, USAGE_UPLOADABLE, validation, type UsageFile } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { newFileKey, type FileStore } from '../../files/index.ts';
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
import { XLSX_CONTENT_TYPE, ZIP_SIGNATURE } from './workbook.ts';

// The vendor's spreadsheet of a usage file: POST /usage/files/{id}/upload (multipart/form-data, field `usage_file`,
// as the reference) streams it into the file store while checking its name and first bytes, then, in one
// transaction, makes the file `uploaded` and queues its processing (process.ts). Both spreadsheets, as uploaded and
// as processed, download from GET …/uploadedfile and …/processedfile for whoever sees the file.

const FIELD = 'usage_file';
const UPLOAD = '/usage/files/:id/upload';
const MiB = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

describeRoute('post', UPLOAD, {
  summary: `Upload the usage spreadsheet (multipart/form-data, field \`${FIELD}\`, .xlsx up to ${MiB(USAGE_FILE_MAX_BYTES)}); queues its processing`,
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

const wrongFormat = () => ApiError.badRequest(`${FIELD}: ${validation.FILE_TYPE}`);
const tooLarge = () =>
  new ApiError(413, ErrorCode.payloadTooLarge, [
    `${FIELD}: File is too large; the limit is ${MiB(USAGE_FILE_MAX_BYTES)}.`,
  ]);

/** Passes the bytes through once the first ones are a ZIP's signature; fails with 'Wrong file format' otherwise. */
function zipSignature(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < ZIP_SIGNATURE.length) return done();
      if (!head.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) return done(wrongFormat());
      const all = head;
      head = null;
      done(null, all);
    },
    flush(done) {
      // shorter than a signature: not a ZIP at all
      done(head ? wrongFormat() : null);
    },
  });
}

async function drain(s: Readable) {
  s.resume();
  await new Promise((ok) => s.once('close', ok).once('end', ok).once('error', ok));
}

/** Stream the one file part into the store under a new key; answers the key, the size and the name. */
async function storeUpload(req: FastifyRequest, store: FileStore) {
  if (!req.isMultipart()) {
    throw new ApiError(415, ErrorCode.unsupportedMediaType, [
      `Send the file as multipart/form-data with the file in the '${FIELD}' field.`,
    ]);
  }
  const key = newFileKey('xlsx');
  let stored: { size: number; name: string } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== FIELD) {
        await drain(part.file);
        throw ApiError.badRequest(`${part.fieldname}: Unexpected file; send the file in the '${FIELD}' field.`);
      }
      const name = (part.filename ?? '').trim();
      if (!name || validation.fileType(name, ['xlsx'])) {
        await drain(part.file);
        throw wrongFormat();
      }
      const body = pipeline(part.file, zipSignature(), () => undefined);
      // at the limit busboy cuts the part short: stop writing at once instead of storing the first 40 MiB
      part.file.once('limit', () => body.destroy(tooLarge()));
      const size = await store.putStream(key, body, { contentType: XLSX_CONTENT_TYPE, name });
      if (part.file.truncated) throw tooLarge();
      stored = { size, name };
    }
  } catch (e) {
    await store.delete(key);
    throw uploadError(e);
  }
  if (!stored) throw ApiError.badRequest(`${FIELD}: This field is required.`);
  return { key, ...stored };
}

function uploadError(e: unknown): unknown {
  if (e instanceof ApiError) return e;
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return ApiError.badRequest(`${FIELD}: Send one file per request.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return ApiError.badRequest('Too many form fields.');
  }
  const status = (e as { statusCode?: number }).statusCode;
  if (
    (status && status >= 400 && status < 500) ||
    (e instanceof Error && /multipart|boundary|Unexpected end/i.test(e.message))
  )
    return ApiError.badRequest(`Malformed multipart body: ${(e as Error).message}`, ErrorCode.badRequest);
  return e;
}

async function upload(db: Kysely<DB>, store: FileStore, req: FastifyRequest) {
  const ctx = requireCtx(req);
  const { id } = req.params as Params;
  // another tenant's file is a 404, and a refused upload a 4xx, before a byte of the body is read
  refuseUpload(await getObject(usageFiles, ctx, {}, id, db), ctx);
  const { key, size, name } = await storeUpload(req, store);
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
  const base = (f.file_name ?? `${f.id}.xlsx`).replace(/[^\w.-]+/g, '_');
  const name = which === 'upload' ? base : `processed_${base}`;
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(file.stream);
}

export function uploadRoutes(api: Api, store: FileStore) {
  const { app, db } = api;
  app.register(async (scope) => {
    // multipart in this scope only, with the usage spreadsheet's own limit
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: USAGE_FILE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 64 * 1024 },
    });
    scope.post(UPLOAD, async (req) => upload(db, store, req));
  });
  app.get('/usage/files/:id/uploadedfile', (req, reply) => download(db, store, req, reply, 'upload'));
  app.get('/usage/files/:id/processedfile', (req, reply) => download(db, store, req, reply, 'processed'));
}
