import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, validation } from '@trellis/domain';
import { ApiError } from '../http/errors.ts';
import { newFileKey, sniffImage } from './sniff.ts';
import type { FileStore } from './store.ts';

/** Largest accepted image (icons, media thumbnails). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_FIELDS = 20;

/** Register multipart parsing in one route scope (the rest of the API stays JSON-only). */
export async function registerMultipart(scope: FastifyInstance) {
  await scope.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: 64 * 1024 },
  });
}

export interface UploadedFile {
  field: string;
  filename: string;
  body: Buffer;
}
export interface Upload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The form fields and the one file of a multipart/form-data request, with 4xx errors that say what is wrong. */
export async function readUpload(req: FastifyRequest, fileField: string): Promise<Upload> {
  if (!req.isMultipart()) {
    throw new ApiError(415, ErrorCode.unsupportedMediaType, [
      `Send the file as multipart/form-data with the file in the '${fileField}' field.`,
    ]);
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField) {
        await part.toBuffer().catch(() => undefined);
        throw ApiError.badRequest(`${part.fieldname}: Unexpected file; send the file in the '${fileField}' field.`);
      }
      file = { field: part.fieldname, filename: part.filename ?? '', body: await part.toBuffer() };
    }
  } catch (e) {
    throw uploadError(e, fileField);
  }
  return { fields, file };
}

/** A multipart parser error as the 4xx it means (`maxBytes`: the file limit of the route). */
export function uploadError(e: unknown, fileField: string, maxBytes = MAX_IMAGE_BYTES): unknown {
  if (e instanceof ApiError) return e;
  const code = (e as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, ErrorCode.payloadTooLarge, [
        `${fileField}: File is too large; the limit is ${mb(maxBytes)}.`,
      ]);
    case 'FST_FILES_LIMIT':
      return ApiError.badRequest(`${fileField}: Send one file per request.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return ApiError.badRequest(`Too many form fields; at most ${MAX_FIELDS}.`);
  }
  const status = (e as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500)
    return ApiError.badRequest(`Malformed multipart body: ${(e as Error).message}`, ErrorCode.badRequest);
  // busboy reports a truncated or malformed body as a plain Error
  if (e instanceof Error && /multipart|boundary|Unexpected end/i.test(e.message)) {
    return ApiError.badRequest(`Malformed multipart body: ${e.message}`, ErrorCode.badRequest);
  }
  return e;
}

/** Store an uploaded image under a new key after checking its name and bytes; returns the key. */
export async function storeImage(store: FileStore, file: UploadedFile): Promise<string> {
  const kind = sniffImage(file.filename, file.body);
  if (!kind) throw ApiError.badRequest(`${file.field}: ${validation.FILE_TYPE}`);
  const key = newFileKey(kind.ext);
  await store.put(key, file.body, { contentType: kind.contentType, name: file.filename });
  return key;
}

/** Files are served at <api prefix>/files/<key>; objects keep this path (same origin as the portal). */
export const fileUrl = (key: string) => `/public/v1/files/${key}`;
export const fileKeyOf = (url: string | null | undefined) =>
  url?.startsWith('/public/v1/files/') ? url.slice('/public/v1/files/'.length) : null;
