import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  CASE_ATTACHMENT_MAX_BYTES,
  CASE_ATTACHMENT_TYPES,
  CASE_ATTACHMENTS_MAX,
  ErrorCode,
  caseAttachmentResource,
  validation,
  type Case,
  type CaseAttachment,
  type CaseAttachmentKind,
} from '@trellis/domain';
import {
  extensionOf,
  fileStoreFor,
  mb,
  newFileKey,
  registerStreamMultipart,
  sniffImage,
  uploadError,
  type FileStore,
} from '../../files/index.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { API_BASE, describeRoute } from '../../openapi/openapi.ts';
import { recordAudit } from '../../resources/audit.ts';
import {
  getObject,
  insertObject,
  presentObject,
  removeObject,
  type Db,
  type Params,
  type Served,
} from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { registerResource } from '../../resources/routes.ts';
import type { Api } from '../types.ts';
import { caseVisible } from './cases.ts';
import { caseAttachmentTable } from './tables.ts';

// Attachments of a helpdesk case (reference /helpdesk/cases/{id}/attachments): the engine lists and reads them; the
// upload (multipart/form-data, field `file`), the download (GET …/{id}?format=attachment) and the delete, which
// carry a stored file, are routed here. Only the case's two parties see them (anyone else: 404, before a byte of a
// body is read); the uploader's account deletes its own; a closed case takes and loses none. A file is streamed into
// the store while its name and bytes are checked against the accepted types (domain helpdesk/attachment.ts), and
// downloads are always attachments, never in a type a browser would render as a page.

const FIELD = 'file';
const COLLECTION = caseAttachmentResource.path;
const ITEM = `${COLLECTION}/:id`;
/** Longest file name kept (longer ones are cut, keeping the extension). */
const MAX_NAME = 200;

describeRoute('post', COLLECTION, {
  summary: `Attach a file to the case (multipart/form-data, field \`${FIELD}\`, up to ${mb(CASE_ATTACHMENT_MAX_BYTES)}; at most ${CASE_ATTACHMENTS_MAX} per case). GET …/attachments/{id}?format=attachment downloads it`,
  tag: 'helpdesk',
  status: 201,
});
describeRoute('delete', ITEM, {
  summary: "Delete an attachment (the uploader's account only, while the case is not closed)",
  tag: 'helpdesk',
  status: 204,
});

/** The case of the path as the caller sees it (a party of it), or undefined; `lock` takes its row lock. */
async function caseOf(db: Db, ctx: Ctx, caseId: string | undefined, lock = false): Promise<Case | undefined> {
  const { rows } = await sql<{ data: Case }>`select data from helpdesk_cases t
    where t.id = ${caseId ?? ''} and ${caseVisible(ctx)}${lock ? sql` for update` : sql``}`.execute(db);
  return rows[0]?.data;
}

function refuseClosed(c: Case) {
  if (c.state === 'closed')
    throw new ApiError(400, ErrorCode.transition, [
      `Case ${c.id} is in state 'closed': attachments can no longer be added or deleted.`,
    ]);
}

async function refuseFull(db: Db, caseId: string) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from helpdesk_case_attachments
    where case_id = ${caseId}`.execute(db);
  if (Number(rows[0].n) >= CASE_ATTACHMENTS_MAX)
    throw ApiError.badRequest(`A case holds at most ${CASE_ATTACHMENTS_MAX} attachments; delete one first.`);
}

export const caseAttachments: Served<CaseAttachment> = {
  decl: caseAttachmentResource,
  table: caseAttachmentTable,
  owner: (a) => a.account.id,
  scope: (ctx, params) => sql<boolean>`t.case_id = ${params.caseId ?? ''}
    and t.case_id in (select id from helpdesk_cases t where ${caseVisible(ctx)})`,
  parentVisible: async (ctx, params, db) => (await caseOf(db, ctx, params.caseId)) !== undefined,
  // the machine's rule has refused the other party (403); a closed case keeps what it holds
  async remove(ctx, _current, params, trx) {
    const c = await caseOf(trx, ctx, params.caseId, true);
    if (!c) throw ApiError.notFound('Case');
    refuseClosed(c);
  },
};

// ---------------------------------------------------------------- upload

/** The name as uploaded, without a path, control or bidirectional-override characters, at most MAX_NAME long. */
function cleanName(raw: string | undefined): string {
  const name = (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (name.length <= MAX_NAME) return name;
  const ext = extensionOf(name);
  return `${name.slice(0, MAX_NAME - ext.length - 1)}.${ext}`;
}

class Unrecognised extends Error {
  constructor(readonly empty: boolean) {
    super(empty ? 'empty file' : 'wrong file format');
  }
}

const PDF = Buffer.from('%PDF-');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Bytes the signatures need: the longest (WebP's RIFF…WEBP is 12). */
const HEAD = 12;

/** Whether the first bytes are what a file with this extension must start with. */
function signed(kind: Exclude<CaseAttachmentKind, 'text'>, ext: string, head: Buffer): boolean {
  const starts = (magic: Buffer) => head.subarray(0, magic.length).equals(magic);
  switch (kind) {
    case 'image':
      return sniffImage(`file.${ext}`, head) !== null;
    case 'pdf':
      return starts(PDF);
    case 'zip':
      return starts(ZIP);
    case 'ole':
      return starts(OLE);
  }
}

/**
 * Passes the bytes through while they are what the extension says: a binary kind's first bytes are its signature;
 * text is UTF-8 with no NUL byte, throughout. Fails the stream with Unrecognised otherwise (or when it is empty).
 */
function recognise(kind: CaseAttachmentKind, ext: string): Transform {
  let seen = 0;
  if (kind === 'text') {
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    return new Transform({
      transform(chunk: Buffer, _enc, done: TransformCallback) {
        seen += chunk.length;
        try {
          if (chunk.includes(0)) return done(new Unrecognised(false));
          utf8.decode(chunk, { stream: true });
        } catch {
          return done(new Unrecognised(false));
        }
        done(null, chunk);
      },
      flush(done: TransformCallback) {
        try {
          utf8.decode(); // a sequence cut at the end
        } catch {
          return done(new Unrecognised(false));
        }
        done(seen ? null : new Unrecognised(true));
      },
    });
  }
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      seen += chunk.length;
      if (checked) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < HEAD) return done();
      if (!signed(kind, ext, head)) return done(new Unrecognised(false));
      checked = true;
      done(null, head);
    },
    flush(done: TransformCallback) {
      if (checked) return done();
      if (!seen) return done(new Unrecognised(true));
      // a file shorter than HEAD: its signature may still be whole
      return signed(kind, ext, head) ? done(null, head) : done(new Unrecognised(false));
    },
  });
}

const wrongFormat = () =>
  ApiError.field(
    FIELD,
    `${validation.FILE_TYPE}; accepted: ${Object.keys(CASE_ATTACHMENT_TYPES).join(', ')}, each with the content its name says.`,
  );
const tooLarge = () =>
  ApiError.field(FIELD, `The file is too large; the limit is ${mb(CASE_ATTACHMENT_MAX_BYTES)} per file.`);

interface Received {
  key: string;
  size: number;
  name: string;
  type: string;
}

/**
 * The one file of the multipart body, streamed into the store under a new key as it arrives, checked on the way.
 * Nothing is left in the store when this fails; the caller deletes the key if it then refuses the request.
 */
async function receive(req: FastifyRequest, store: FileStore): Promise<Received> {
  if (!req.isMultipart()) {
    throw new ApiError(415, ErrorCode.unsupportedMediaType, [
      `Send the file as multipart/form-data with the file in the '${FIELD}' field.`,
    ]);
  }
  let file: Received | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== FIELD) {
        part.file.resume();
        throw ApiError.badRequest(`${part.fieldname}: Unexpected file; send the file in the '${FIELD}' field.`);
      }
      const name = cleanName(part.filename);
      const ext = extensionOf(name);
      const accepted = CASE_ATTACHMENT_TYPES[ext];
      if (!accepted) {
        part.file.resume();
        throw wrongFormat();
      }
      const key = newFileKey(ext);
      // pipeline: a failing source (a cut request, the size limit) fails the checked stream, and so the write
      const body: Readable = pipeline(part.file, recognise(accepted.kind, ext), () => {});
      let size: number;
      try {
        size = await store.putStream(key, body, { contentType: accepted.type, name });
      } catch (e) {
        if (part.file.truncated) throw tooLarge();
        if (e instanceof Unrecognised) throw e.empty ? ApiError.field(FIELD, 'The file is empty.') : wrongFormat();
        throw e;
      }
      file = { key, size, name, type: accepted.type };
      if (part.file.truncated) throw tooLarge();
    }
  } catch (e) {
    if (file) await store.delete(file.key).catch(() => undefined);
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw uploadError(e, FIELD, CASE_ATTACHMENT_MAX_BYTES);
  }
  if (!file) throw ApiError.field(FIELD, 'This field is required');
  return file;
}

async function upload(db: Api['db'], store: FileStore, req: FastifyRequest, reply: FastifyReply) {
  const ctx = requireCtx(req);
  const { caseId } = req.params as Params;
  // a case the caller takes no part in is a 404, a closed or full one a 400, before a byte of the body is read
  const c = await caseOf(db, ctx, caseId);
  if (!c) throw ApiError.notFound('Case');
  refuseClosed(c);
  await refuseFull(db, c.id);
  const file = await receive(req, store);
  try {
    const created = await db.transaction().execute(async (trx) => {
      // again under the case's lock: two uploads at once cannot both take the last place
      const locked = await caseOf(trx, ctx, c.id, true);
      if (!locked) throw ApiError.notFound('Case');
      refuseClosed(locked);
      await refuseFull(trx, c.id);
      const id = newId('CAAT', 3, 3);
      const obj: CaseAttachment = {
        id,
        account: { id: ctx.account.id, name: ctx.account.name },
        attachment: `${API_BASE}/helpdesk/cases/${c.id}/attachments/${id}?format=attachment`,
        size: file.size,
        name: file.name,
        type: file.type,
        events: { created: { at: new Date().toISOString(), by: actorOf(ctx) } },
      };
      await insertObject(caseAttachments, obj, trx, { case_id: c.id, file_key: file.key });
      await recordAudit(trx, ctx, {
        res: caseAttachments,
        objectId: id,
        action: 'create',
        owner: ctx.account.id,
        after: obj,
      });
      return obj;
    });
    return reply.code(201).send(await presentObject(caseAttachments, ctx, created, db));
  } catch (e) {
    await store.delete(file.key).catch(() => undefined);
    throw e;
  }
}

// ---------------------------------------------------------------- download

const ACCEPTED_TYPES = new Set(Object.values(CASE_ATTACHMENT_TYPES).map((t) => t.type));
const RENDERED = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)$|\+xml$|script/;

/** The type a download is sent as: an accepted type, else (and never for a page, an SVG or a script) octet-stream. */
export function downloadType(type: string): string {
  const base = type.split(';')[0].trim().toLowerCase();
  if (!ACCEPTED_TYPES.has(base) || RENDERED.test(base)) return 'application/octet-stream';
  return base.startsWith('text/') || base === 'application/json' ? `${base}; charset=utf-8` : base;
}

/** `attachment`, with an ASCII fallback name and the name itself (RFC 6266, RFC 8187). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\w .()-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

async function download(db: Api['db'], store: FileStore, req: FastifyRequest, reply: FastifyReply) {
  const ctx = requireCtx(req);
  const params = req.params as Params;
  const a = await getObject(caseAttachments, ctx, params, params.id, db);
  const row = await db
    .selectFrom('helpdesk_case_attachments')
    .select('file_key')
    .where('id', '=', a.id)
    .executeTakeFirstOrThrow();
  const file = await store.openStream(row.file_key);
  if (!file) throw ApiError.notFound('File');
  return reply
    .header('content-type', downloadType(a.type))
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(a.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .send(file.stream);
}

// ---------------------------------------------------------------- routes

/**
 * In a scope of their own: multipart parsing with the attachments' limit, the engine's list and read, and a hook in
 * front of the read that answers `?format=attachment` with the file (Fastify takes one GET route per path).
 */
export function attachmentRoutes(api: Api) {
  const { app, db } = api;
  const store = fileStoreFor(api.config);
  app.register(async (scope) => {
    await registerStreamMultipart(scope, CASE_ATTACHMENT_MAX_BYTES);

    scope.addHook('preHandler', async (req, reply) => {
      if (req.method !== 'GET' || !req.routeOptions.url?.endsWith(ITEM)) return;
      const { format } = req.query as Record<string, unknown>;
      if (format === undefined) return;
      if (format === 'attachment') return download(db, store, req, reply);
      // no previews are made: the attachment never names one
      if (format === 'preview') {
        await getObject(caseAttachments, requireCtx(req), req.params as Params, (req.params as Params).id, db);
        throw ApiError.notFound('Preview');
      }
      throw ApiError.badRequest('format: Must be one of: attachment');
    });

    // the delete is the route below, which also removes the file
    registerResource(scope, db, { ...caseAttachments, decl: { ...caseAttachmentResource, remove: false } });

    scope.post(COLLECTION, (req, reply) => upload(db, store, req, reply));

    scope.delete(ITEM, async (req, reply) => {
      const ctx = requireCtx(req);
      const params = req.params as Params;
      let key: string | undefined;
      const withFile: Served<CaseAttachment> = {
        ...caseAttachments,
        async remove(c, current, p, trx) {
          await caseAttachments.remove!(c, current, p, trx);
          const row = await trx
            .selectFrom('helpdesk_case_attachments')
            .select('file_key')
            .where('id', '=', current.id)
            .executeTakeFirstOrThrow();
          key = row.file_key;
        },
      };
      await removeObject(withFile, ctx, params, params.id, db);
      // once the row is gone for good
      if (key) await store.delete(key);
      return reply.code(204).send();
    });
  });
}
