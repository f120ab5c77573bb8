import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { ErrorCode, validation } from '@trellis/domain';
import { ApiError } from '../http/errors.ts';
import { newFileKey } from './sniff.ts';
import type { FileStore } from './store.ts';
import { mb, uploadError } from './upload.ts';

// Large uploads (usage and reconciliation spreadsheets): the file goes from the request into the store as it
// arrives, never whole in memory; its name and first bytes are checked on the way, its size is capped by the parser.

const MAX_FIELDS = 20;

/** Register multipart parsing for one large file of at most `maxBytes` in a route scope. */
export async function registerStreamMultipart(scope: FastifyInstance, maxBytes: number) {
  await scope.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: 64 * 1024 },
  });
}

/** What the file must be: its extension, the signature its bytes start with, and the type it is stored as. */
export interface StreamKind {
  ext: string;
  magic: Buffer;
  contentType: string;
}

/** XLSX is a ZIP container: the name ends in .xlsx and the bytes start with a ZIP local file header. */
export const XLSX_KIND: StreamKind = {
  ext: 'xlsx',
  magic: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface StreamedUpload {
  fields: Record<string, string>;
  /** The stored file (key in the store), or null when the request had none. */
  file: { key: string; size: number; name: string } | null;
}

class WrongFormat extends Error {}

/** Passes the bytes through once the first ones are the signature; fails the stream otherwise. */
function signature(magic: Buffer): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (checked) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < magic.length) return done();
      if (!head.subarray(0, magic.length).equals(magic)) return done(new WrongFormat());
      checked = true;
      done(null, head);
    },
    flush(done: TransformCallback) {
      done(checked ? null : new WrongFormat());
    },
  });
}

/**
 * The form fields and the one file of a multipart/form-data request, the file streamed into the store under a new
 * key. A file that is not `kind` is a 400 '<field>: Wrong file format' (spec §5), one past the parser's limit a 413;
 * nothing is left in the store when the request fails. The caller deletes `file.key` if it then refuses the request.
 */
export async function streamUpload(
  req: FastifyRequest,
  store: FileStore,
  opts: { field: string; maxBytes: number; kind: StreamKind },
): Promise<StreamedUpload> {
  const { field, maxBytes, kind } = opts;
  if (!req.isMultipart()) {
    throw new ApiError(415, ErrorCode.unsupportedMediaType, [
      `Send the file as multipart/form-data with the file in the '${field}' field.`,
    ]);
  }
  const fields: Record<string, string> = {};
  let file: StreamedUpload['file'] = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw ApiError.badRequest(`${part.fieldname}: Unexpected file; send the file in the '${field}' field.`);
      }
      if (validation.fileType(part.filename || '', [kind.ext])) {
        part.file.resume();
        throw ApiError.badRequest(`${field}: ${validation.FILE_TYPE}`);
      }
      const key = newFileKey(kind.ext);
      // pipeline: a failing source (a truncated request) fails the checked stream, and so the write
      const body: Readable = pipeline(part.file, signature(kind.magic), () => {});
      let size: number;
      try {
        size = await store.putStream(key, body, { contentType: kind.contentType, name: part.filename });
      } catch (e) {
        if (e instanceof WrongFormat) throw ApiError.badRequest(`${field}: ${validation.FILE_TYPE}`);
        throw e;
      }
      file = { key, size, name: part.filename };
      if (part.file.truncated) {
        throw new ApiError(413, ErrorCode.payloadTooLarge, [
          `${field}: File is too large; the limit is ${mb(maxBytes)}.`,
        ]);
      }
    }
  } catch (e) {
    if (file) await store.delete(file.key).catch(() => undefined);
    throw uploadError(e, field, maxBytes);
  }
  return { fields, file };
}
