import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './context.ts';
import { ApiError } from './errors.ts';

/** Content-Range: items <first>-<last>/<total> (0-based, inclusive). */
export function contentRange(offset: number, count: number, total: number): string {
  if (count === 0) return `items ${offset}-${offset}/${total}`;
  return `items ${offset}-${offset + count - 1}/${total}`;
}

export function sendList(reply: FastifyReply, items: unknown[], offset: number, total: number) {
  reply.header('Content-Range', contentRange(offset, items.length, total));
  return reply.send(items);
}

/** A list already serialised (engine listJson): same headers, the JSON text as it is. */
export function sendListJson(
  reply: FastifyReply,
  page: { json: string | Buffer; count: number; offset: number; total: number },
) {
  reply.header('Content-Range', contentRange(page.offset, page.count, page.total));
  return reply.type('application/json').send(page.json);
}

/** The raw query string, still percent-encoded, as RQL needs it. */
export function rawQuery(req: FastifyRequest): string {
  const url = req.raw.url ?? '';
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i + 1);
}

/** The caller's context; 401 when the call is anonymous. */
export function requireCtx(req: FastifyRequest): Ctx {
  if (!req.ctx) throw ApiError.unauthorized();
  return req.ctx;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** Public only for a call carrying `?code=` (the code stands for the caller); otherwise it needs a caller. */
    publicWithCode?: boolean;
    /**
     * A public POST another site's page makes (the SAML ACS, posted by the identity provider's form): a session cookie
     * without the session header makes the caller anonymous instead of a CSRF refusal.
     */
    crossSitePost?: boolean;
  }
}
