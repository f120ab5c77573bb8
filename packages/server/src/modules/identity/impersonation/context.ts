import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { allows, IMPERSONATION_MODULE } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { ACCOUNT_HEADER, SESSION_IDLE_MS, userContext, type SessionRow } from '../../../http/auth.ts';
import type { Ctx, Impersonator } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { isManagedBy } from '../accounts/tree.ts';

// An impersonation session ("log in as", spec §6) is a session of the impersonated user in one account, marked with
// who opened it (sessions.impersonator_id, data.impersonator) and, when a portal user opened it, the session to
// return to (sessions.impersonator_session_id). Its context is the user's in that account plus the impersonator:
// every event stamp and audit record of the session names both.

export type ImpersonatedSession = SessionRow;

/**
 * Whether the impersonator may still be logged in as the session's user: a user's own session is alive, it still
 * holds the impersonation module in its account (a token: still active, unexpired, with the module), and that
 * account still manages the session's account. Checked on every call of the session, so taking the right away, or
 * the impersonator logging out, ends the impersonation at once.
 */
async function stillAllowed(db: Kysely<DB>, imp: Impersonator, session: ImpersonatedSession, ip: string) {
  if (imp.type === 'user') {
    const own = await db
      .selectFrom('sessions')
      .select(['user_id', 'terminated_at', 'expires_at', 'last_seen_at'])
      .where('id', '=', session.impersonator_session_id ?? '')
      .executeTakeFirst();
    const now = Date.now();
    if (!own || own.user_id !== imp.id || own.terminated_at || new Date(own.expires_at).getTime() <= now) return false;
    if (new Date(own.last_seen_at).getTime() + SESSION_IDLE_MS <= now) return false;
    // the impersonator is working (as someone else): its own session stays alive for the way back
    if (now - new Date(own.last_seen_at).getTime() > 60_000)
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(now).toISOString() })
        .where('id', '=', session.impersonator_session_id!)
        .execute();
    const ctx = await userContext(db, imp.id, imp.account.id, ip, null);
    if (!ctx || !allows(ctx.modules, IMPERSONATION_MODULE)) return false;
  } else {
    const token = await db
      .selectFrom('tokens')
      .select(['status', 'expires_at', 'account_id', 'data'])
      .where('id', '=', imp.id)
      .executeTakeFirst();
    if (!token || token.status !== 'active' || token.account_id !== imp.account.id) return false;
    if (token.expires_at && new Date(token.expires_at).getTime() <= Date.now()) return false;
    const modules = (token.data.permissions ?? []).map((p: any) => p.object?.id ?? p.id);
    if (!allows(modules, IMPERSONATION_MODULE)) return false;
  }
  return isManagedBy(db, session.account_id, imp.account.id);
}

/**
 * The context of a call in an impersonation session, or null when the impersonation is no longer allowed (the
 * session is ended then, so the call is anonymous: 401). The session works in its account only.
 */
export async function impersonationContext(
  db: Kysely<DB>,
  req: FastifyRequest,
  session: ImpersonatedSession,
): Promise<Ctx | null> {
  const wanted = req.headers[ACCOUNT_HEADER] as string | undefined;
  if (wanted && wanted !== session.account_id)
    throw ApiError.forbidden('A session logged in as another user works in that account only.');
  const row = await db
    .selectFrom('sessions')
    .select(sql<Impersonator | null>`data->'impersonator'`.as('impersonator'))
    .where('id', '=', session.id)
    .executeTakeFirst();
  const imp = row?.impersonator ?? null;
  if (!imp || !(await stillAllowed(db, imp, session, req.ip))) {
    await endImpersonatedSession(db, session.id);
    return null;
  }
  const ctx = await userContext(db, session.user_id, session.account_id, req.ip, session.id);
  return ctx ? { ...ctx, impersonator: imp } : null;
}

/** End an impersonation session (the way back, or its right is gone). */
export async function endImpersonatedSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  const at = new Date().toISOString();
  await sql`update sessions set terminated_at = ${at},
      data = data || jsonb_build_object('status', 'terminated',
        'events', coalesce(data->'events', '{}'::jsonb) || jsonb_build_object('terminated', jsonb_build_object('at', ${at}::text)))
    where id = ${sessionId} and terminated_at is null`.execute(db);
}
