import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '@trellis/domain';
import type { Config } from '../config.ts';
import { DATABASE_UNAVAILABLE, RETRY_AFTER_S, isConnectionError, type DatabaseStatus } from '../db/availability.ts';
import type { DB } from '../db/schema.ts';
import { bindFileStore, fileStoreFor } from '../files/store.ts';
import { apiModules } from '../modules/index.ts';
import { docsRoutes } from '../openapi/docs.ts';
import { collectRoute } from '../openapi/openapi.ts';
import { resolveCaller } from './auth.ts';
import { callerCacheOf } from './caller-cache.ts';
import { writerOf } from './read-replica.ts';
import { omitNulls } from './wire.ts';
import { ApiError } from './errors.ts';
import { rateLimitHook, ThrottledError } from './rate-limit.ts';
import { registerPortal } from './portal.ts';
import { securityHeaders } from './security-headers.ts';
import { registerVersions } from './versions.ts';
import { recaptchaOrigins } from '../modules/identity/auth/recaptcha.ts';

export const API_PREFIXES = ['/public/v1', '/rest/v1'];
/** Methods that do not change anything (a caller that used another may have written). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NUL_MESSAGE = 'NUL characters (\\u0000) are not allowed in requests.';

/** Where a parsed JSON value holds a NUL character ('' for the body itself, 'a.b.0' for a field), or null. */
function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return path;
      const found = nulPath(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Database refusals that a racing or odd request can still provoke past the checks (two creates of the same
 * unique name at once, a deadlock between concurrent changes): the client learns what happened, not 'Server error'.
 */
function fromDatabase(err: unknown): ApiError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  switch (code) {
    case '23505':
      return new ApiError(409, ErrorCode.conflict, ['An object with the same unique value already exists.']);
    case '23503':
      return new ApiError(409, ErrorCode.conflict, [
        'The change refers to an object that does not exist, or one that others still refer to.',
      ]);
    case '40001':
    case '40P01':
      return new ApiError(409, ErrorCode.conflict, ['A concurrent change got in the way; please retry.']);
    case '22001':
      return new ApiError(400, ErrorCode.validation, ['A value is longer than allowed.']);
    case '22003':
      return new ApiError(400, ErrorCode.validation, ['A number is out of range.']);
    case '22P02':
    case '22007':
    case '22008':
      return new ApiError(400, ErrorCode.validation, ['A value has the wrong format.']);
  }
  return null;
}

function errorBody(code: string, errors: string[]) {
  return { error_code: code, errors };
}

/** 503 while the database cannot be reached: the portal shows its maintenance mode and retries. */
export const unavailable = () => new ApiError(503, ErrorCode.unavailable, [DATABASE_UNAVAILABLE]);

/** Deepest nesting of objects and arrays a JSON body may have (real bodies stay far below it). */
export const MAX_JSON_DEPTH = 64;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** How deep a JSON text nests objects and arrays, counted without parsing it (brackets inside strings skipped). */
function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return depth;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return depth;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers or URL too large, a malformed
 * request line): the same JSON error body as every other error, then the connection closes.
 */
function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers (or the URL) are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is malformed.'];
  const body = JSON.stringify(errorBody(ErrorCode.badRequest, [message]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's own errors (bad JSON, too large, wrong media type) as 4xx bodies that name the problem. */
function fromFastify(err: FastifyError, contentType?: string): ApiError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, ErrorCode.badRequest, [`Request body is not valid JSON: ${err.message}`]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, ErrorCode.payloadTooLarge, ['Request body is too large.']);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, ErrorCode.unsupportedMediaType, [
        `Unsupported content type: ${contentType || err.message.replace(/^Unsupported Media Type: ?/, '')}; send application/json.`,
      ]);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, ErrorCode.badRequest, ['Content-Length does not match the body.']);
  }
  if (err.validation) return new ApiError(400, ErrorCode.validation, [err.message]);
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, ErrorCode.badRequest, [err.message]);
  }
  return null;
}

export interface AppOptions {
  /** Whether the database is ready; while it is not, the API answers 503. Omitted = always ready. */
  status?: DatabaseStatus;
}

export async function buildApp(db: Kysely<DB>, config: Config, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler: clientError,
    // a malformed % escape in the path, a path parameter that is too long: the usual error body
    frameworkErrors: (err, _req, reply) => {
      const [status, message] =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'A part of the URL path is too long.']
          : [400, 'The URL path is malformed (an invalid % escape).'];
      // no hooks run here and Fastify would add a charset: written by hand, typed exactly application/json
      const body = JSON.stringify(errorBody(ErrorCode.badRequest, [message]));
      reply.hijack();
      reply.raw.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
      });
      reply.raw.end(body);
    },
  });

  // background jobs reach this app's files through the database they are given
  bindFileStore(app, db, fileStoreFor(config));
  await app.register(cookie);
  // security headers: helmet's, worked out once (none depends on the request) and set as Fastify's own headers, so
  // a route's header (a stricter CSP on an uploaded file) replaces its default
  const secure = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // the reCAPTCHA widget (script and frame), only when reCAPTCHA is configured
        scriptSrc: ["'self'", ...recaptchaOrigins(config)],
        frameSrc: ["'self'", ...recaptchaOrigins(config)],
        connectSrc: ["'self'"],
        // plain-http installs on a LAN address must keep loading their own assets
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(secure);
    done();
  });

  // The API speaks JSON only: a text/plain body is a 415, not a string handed to the routes.
  app.removeContentTypeParser('text/plain');
  // PostgreSQL text cannot hold NUL: refuse it at the door instead of failing in the database.
  // The body is decoded strictly: invalid UTF-8 is refused, not stored as U+FFFD. Very deep nesting and
  // prototype keys (__proto__, constructor.prototype) are refused with a message that says so.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    let text: string;
    try {
      text = utf8.decode(raw as Buffer);
    } catch {
      return done(new ApiError(400, ErrorCode.badRequest, ['Request body is not valid UTF-8.']), undefined);
    }
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      return done(
        new ApiError(400, ErrorCode.badRequest, [
          `Request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
        ]),
        undefined,
      );
    parseJson(req, text, (err, value) => {
      // refused although JSON.parse accepts it: the prototype-poisoning guard (a __proto__ key) said no
      if (err && parsesAsJson(text))
        return done(
          new ApiError(400, ErrorCode.badRequest, [
            'Request body has a "__proto__" or "constructor.prototype" key, which is not allowed.',
          ]),
          undefined,
        );
      if (err) return done(err, undefined);
      const at = nulPath(value);
      if (at !== null)
        return done(
          new ApiError(400, ErrorCode.validation, [`${at || 'body'}: NUL characters are not allowed.`]),
          undefined,
        );
      done(null, value);
    });
  });
  app.decorateRequest('ctx', null);

  // JSON is UTF-8 by definition; some Connect clients compare the content type literally.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', 'application/json');
    done(null, payload);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (!(err instanceof ApiError) && isConnectionError(err)) {
      // the database went away under this request (restart, failover, terminated backend): retry shortly
      req.log.warn({ err }, 'database unavailable');
      const api = unavailable();
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .type('application/json')
        .send(errorBody(api.code, api.errors));
    }
    const api = err instanceof ApiError ? err : (fromDatabase(err) ?? fromFastify(err, req.headers['content-type']));
    if (api) {
      const body = { ...errorBody(api.code, api.errors), ...(api.details ?? {}) };
      if (api.status === 503) reply.header('retry-after', String(RETRY_AFTER_S));
      if (api instanceof ThrottledError) reply.header('retry-after', String(api.retryAfterS));
      return reply.code(api.status).type('application/json').send(body);
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .type('application/json')
      .send(errorBody(ErrorCode.server, ['Server error']));
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .type('application/json')
      .send(errorBody(ErrorCode.notFound, [`No such endpoint: ${req.method} ${req.url.split('?')[0]}`]));
  });

  // Every route under /public/v1 is listed in the OpenAPI document; /docs renders it.
  app.addHook('onRoute', collectRoute);
  await app.register(docsRoutes);

  const callers = callerCacheOf(db);
  const callerWritesAtStart = new WeakMap<object, number>();
  for (const prefix of API_PREFIXES) {
    await app.register(
      async (api) => {
        api.addHook('onRequest', async (req) => {
          if (opts.status && !opts.status.ready) throw unavailable();
          if (/%00/i.test(req.url) || req.url.includes('\u0000'))
            throw new ApiError(400, ErrorCode.badRequest, [NUL_MESSAGE]);
          req.ctx = await resolveCaller(db, req);
          if (!req.ctx && !req.routeOptions.config?.public) throw ApiError.unauthorized();
          callerWritesAtStart.set(req, callers.localWrites);
        });
        // a call that changed what authenticates callers (a token, a session, a membership) is answered once the
        // change has reached every server process: the client's next call, wherever it goes, sees it. With a read
        // replica, so is every call that may have written (not GET): its caller reads the primary for a while, in
        // every process (http/read-replica.ts)
        // API answers are never stored by browsers or proxies unless a route says otherwise: the login
        // response, a new or rotated token's secret and every tenant's data carry Cache-Control: no-store.
        // callback hooks, not async ones: most calls wait for nothing here, and a promise a call costs time (issue 19)
        api.addHook('onSend', (req, reply, payload, done) => {
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
          const before = callerWritesAtStart.get(req);
          const writer = callers.readAfterWriteMs && !SAFE_METHODS.has(req.method) ? writerOf(req.ctx) : null;
          const wait = writer
            ? callers.wrote(writer)
            : before !== undefined && before !== callers.localWrites
              ? callers.sync()
              : null;
          if (!wait) return done(null, payload);
          wait.then(() => done(null, payload), done);
        });
        rateLimitHook(api, db, config);
        api.addHook('preSerialization', (_req, _reply, payload, done) => done(null, omitNulls(payload)));
        for (const mod of apiModules) mod({ app: api, db, config });
      },
      { prefix },
    );
  }
  // For load balancers and monitors: 200 when the database is ready, 503 (the usual error body) when not.
  app.get('/health', async (_req, reply) => {
    if (opts.status && !opts.status.ready) throw unavailable();
    await sql`select 1`.execute(db);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  registerVersions(app, config);
  // The built React portal at '/', with SPA fallback for page URLs (API paths keep the JSON 404).
  await registerPortal(app);

  return app;
}
