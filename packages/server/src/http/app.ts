import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@trellis/domain';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { apiModules } from '../modules/index.ts';
import { docsRoutes } from '../modules/meta/docs.ts';
import { collectRoute } from '../modules/meta/openapi.ts';
import { resolveCaller } from './auth.ts';
import { ApiError } from './errors.ts';
import { registerPortal } from './portal.ts';

export const API_PREFIXES = ['/public/v1', '/rest/v1'];

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
    case '23505': return new ApiError(409, ErrorCode.conflict, ['An object with the same unique value already exists.']);
    case '23503': return new ApiError(409, ErrorCode.conflict, ['The change refers to an object that does not exist, or one that others still refer to.']);
    case '40001':
    case '40P01': return new ApiError(409, ErrorCode.conflict, ['A concurrent change got in the way; please retry.']);
    case '22001': return new ApiError(400, ErrorCode.validation, ['A value is longer than allowed.']);
    case '22003': return new ApiError(400, ErrorCode.validation, ['A number is out of range.']);
    case '22P02':
    case '22007':
    case '22008': return new ApiError(400, ErrorCode.validation, ['A value has the wrong format.']);
  }
  return null;
}

function errorBody(code: string, errors: string[]) {
  return { error_code: code, errors };
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
      return new ApiError(415, ErrorCode.unsupportedMediaType, [`Unsupported content type: ${contentType || err.message.replace(/^Unsupported Media Type: ?/, '')}; send application/json.`]);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, ErrorCode.badRequest, ['Content-Length does not match the body.']);
  }
  if (err.validation) return new ApiError(400, ErrorCode.validation, [err.message]);
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, ErrorCode.badRequest, [err.message]);
  }
  return null;
}

export async function buildApp(db: Kysely<DB>, config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // plain-http installs on a LAN address must keep loading their own assets
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // The API speaks JSON only: a text/plain body is a 415, not a string handed to the routes.
  app.removeContentTypeParser('text/plain');
  // PostgreSQL text cannot hold NUL: refuse it at the door instead of failing in the database.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parseJson(req, body as string, (err, value) => {
      if (err) return done(err, undefined);
      const at = nulPath(value);
      if (at !== null) return done(new ApiError(400, ErrorCode.validation, [`${at || 'body'}: NUL characters are not allowed.`]), undefined);
      done(null, value);
    });
  });
  app.decorateRequest('ctx', null);

  // JSON is UTF-8 by definition; some Connect clients compare the content type literally.
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('content-type', 'application/json');
    return payload;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const api = err instanceof ApiError ? err : fromDatabase(err) ?? fromFastify(err, req.headers['content-type']);
    if (api) {
      const body = { ...errorBody(api.code, api.errors), ...(api.details ?? {}) };
      return reply.code(api.status).type('application/json').send(body);
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).type('application/json').send(errorBody(ErrorCode.server, ['Server error']));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).type('application/json')
      .send(errorBody(ErrorCode.notFound, [`No such endpoint: ${req.method} ${req.url.split('?')[0]}`]));
  });

  // Every route under /public/v1 is listed in the OpenAPI document; /docs renders it.
  app.addHook('onRoute', collectRoute);
  await app.register(docsRoutes);

  for (const prefix of API_PREFIXES) {
    await app.register(async (api) => {
      api.addHook('onRequest', async (req) => {
        if (/%00|\u0000/i.test(req.url)) throw new ApiError(400, ErrorCode.badRequest, [NUL_MESSAGE]);
        req.ctx = await resolveCaller(db, req);
        if (!req.ctx && !req.routeOptions.config?.public) throw ApiError.unauthorized();
      });
      for (const mod of apiModules) mod({ app: api, db, config });
    }, { prefix });
  }
  // The built React portal at '/', with SPA fallback for page URLs (API paths keep the JSON 404).
  await registerPortal(app);

  return app;
}
