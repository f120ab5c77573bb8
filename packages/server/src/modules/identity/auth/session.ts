import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { SESSION_COOKIE, SESSION_MAX_MS } from '../../../http/auth.ts';
import { digest, newSecret } from '../../../lib/secrets.ts';
import { newId } from '../../../resources/ids.ts';

/** Open a session for a user in an account; the cookie carries the secret, the database only its digest. */
export async function openSession(
  db: Kysely<DB>,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  accountId: string,
  config: Pick<Config, 'publicUrl'>,
) {
  const secret = newSecret();
  const id = newId('SE', 4, 4);
  const now = Date.now();
  const at = new Date(now).toISOString();
  const user = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  // `data` is the session as /users/{id}/sessions returns it (reference auth.UserSession).
  const session = {
    id,
    status: 'active',
    host: req.headers.host ?? null,
    location: { ip: req.ip },
    device: { ua: req.headers['user-agent'] ?? '' },
    events: { created: { at, by: { id: userId, name: user?.name ?? userId } } },
  };
  await db
    .insertInto('sessions')
    .values({
      id,
      secret_hash: digest(secret),
      user_id: userId,
      account_id: accountId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now + SESSION_MAX_MS).toISOString(),
      terminated_at: null,
      data: JSON.stringify(session),
    })
    .execute();
  setSessionCookie(req, reply, secret, config);
  return id;
}

/** The session's secret in its HttpOnly cookie (at sign-in, and when a session's secret is rotated). */
export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  config: Pick<Config, 'publicUrl'>,
) {
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure over https, also behind a TLS-terminating proxy: PUBLIC_URL=https://… says the portal is served
    // over https even when the proxy talks plain http to us (or TRUST_PROXY makes req.protocol follow X-Forwarded-Proto)
    secure: req.protocol === 'https' || config.publicUrl.toLowerCase().startsWith('https:'),
    maxAge: SESSION_MAX_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  // a session logged in as another user keeps the own session's secret for the way back (impersonation/service.ts)
  reply.clearCookie('trellis_return', { path: '/' });
}
