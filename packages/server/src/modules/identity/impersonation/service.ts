import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { IMPERSONATION_MODULE } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { SESSION_COOKIE, SESSION_MAX_MS, findSession, userContext } from '../../../http/auth.ts';
import { requireModule, type Ctx, type Impersonator } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { managedAccountIds } from '../accounts/tree.ts';
import { openSession } from '../auth/session.ts';
import { endImpersonatedSession } from './context.ts';

/**
 * While a portal user is logged in as someone else, its own session's secret waits in this cookie for the way back
 * (HttpOnly like the session cookie; the database keeps only digests, so the secret cannot be re-issued later).
 */
export const RETURN_COOKIE = 'trellis_return'; // auth/session.ts clears it with the session cookie

const cookieOptions = (req: FastifyRequest, config: Pick<Config, 'publicUrl'>) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.protocol === 'https' || config.publicUrl.toLowerCase().startsWith('https:'),
  maxAge: SESSION_MAX_MS / 1000,
});

/** Who asks to impersonate: a user session or an API token of the managing account, never an impersonation. */
export function impersonatorOf(ctx: Ctx): Impersonator {
  if (ctx.impersonator) throw ApiError.forbidden('A session logged in as another user cannot log in as anyone else.');
  requireModule(ctx, IMPERSONATION_MODULE);
  const who = ctx.user ?? ctx.token;
  if (!who) throw ApiError.forbidden();
  return {
    id: who.id,
    name: who.name,
    type: ctx.user ? 'user' : 'token',
    account: { id: ctx.account.id, name: ctx.account.name },
  };
}

/**
 * The joined member with this e-mail of an account the caller's account manages (the given one, or the first of
 * them by name): anything else — an unknown e-mail, a user of an account not managed by the caller's, an invited
 * or removed member — is 404, so the answer reveals nothing about other tenants.
 */
export async function findTarget(db: Kysely<DB>, ctx: Ctx, email: string, accountId?: string) {
  let q = db
    .selectFrom('account_users as au')
    .innerJoin('users as u', 'u.id', 'au.user_id')
    .innerJoin('accounts as a', 'a.id', 'au.account_id')
    .select(['u.id as user_id', 'u.name as user_name', 'a.id as account_id', 'a.name as account_name'])
    .where(sql`lower(u.email)`, '=', email.trim().toLowerCase())
    .where('au.status', '=', 'active')
    .where(sql<boolean>`a.id in ${managedAccountIds(ctx.account.id)}`);
  if (accountId) q = q.where('a.id', '=', accountId);
  const target = await q.orderBy('a.name').orderBy('a.id').executeTakeFirst();
  if (!target) throw ApiError.notFound('User');
  if (target.user_id === ctx.user?.id) throw ApiError.badRequest('You cannot log in as yourself.');
  return target;
}

/** Audit of the start and the end: in the managing account's trail and in the managed account's. */
async function auditBoth(
  trx: Transaction<DB>,
  ctx: Ctx,
  sessionId: string,
  action: 'impersonate' | 'return',
  owners: string[],
  after: Record<string, unknown>,
) {
  for (const owner of owners)
    await recordAudit(trx, ctx, { res: 'session', objectId: sessionId, action, owner, after });
}

/**
 * Open a session of the target user in the managed account, marked with the impersonator. A portal user's own session
 * waits in the return cookie; an API token gets the new session's cookie and id to use.
 */
export async function startImpersonation(
  db: Kysely<DB>,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  ctx: Ctx,
  imp: Impersonator,
  target: Awaited<ReturnType<typeof findTarget>>,
): Promise<Ctx> {
  const at = new Date().toISOString();
  const by = { id: imp.id, name: imp.name };
  const sessionId = await db.transaction().execute(async (trx) => {
    const id = await openSession(trx, req, reply, target.user_id, target.account_id, config);
    const marks = { impersonator: imp, events: { impersonated: { at, by } } };
    await sql`update sessions set impersonator_id = ${imp.id}, impersonator_session_id = ${ctx.session?.id ?? null},
        data = data || jsonb_build_object('impersonator', ${JSON.stringify(imp)}::jsonb,
          'events', coalesce(data->'events', '{}'::jsonb) || ${JSON.stringify(marks.events)}::jsonb)
      where id = ${id}`.execute(trx);
    await auditBoth(trx, ctx, id, 'impersonate', [imp.account.id, target.account_id], {
      user: { id: target.user_id, name: target.user_name },
      account: { id: target.account_id, name: target.account_name },
    });
    return id;
  });
  const own = req.cookies?.[SESSION_COOKIE];
  if (imp.type === 'user' && own) reply.setCookie(RETURN_COOKIE, own, cookieOptions(req, config));
  const next = await userContext(db, target.user_id, target.account_id, req.ip, sessionId);
  if (!next) throw ApiError.notFound('User');
  return { ...next, impersonator: imp };
}

/**
 * The way back: the impersonation session ends; a portal user's own session comes back from the return cookie when it
 * is still alive (its context is returned), otherwise null (nothing to return to: log in again).
 */
export async function returnFromImpersonation(
  db: Kysely<DB>,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  ctx: Ctx,
): Promise<Ctx | null> {
  const imp = ctx.impersonator;
  if (!imp || !ctx.session) throw ApiError.badRequest('This session is not logged in as another user.');
  const row = await db
    .selectFrom('sessions')
    .select(['impersonator_session_id'])
    .where('id', '=', ctx.session.id)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await endImpersonatedSession(trx, ctx.session!.id);
    await auditBoth(trx, ctx, ctx.session!.id, 'return', [ctx.account.id, imp.account.id], {
      impersonator: { id: imp.id, name: imp.name },
    });
  });
  const secret = req.cookies?.[RETURN_COOKIE];
  reply.clearCookie(RETURN_COOKIE, { path: '/' });
  const own = secret ? await findSession(db, secret) : null;
  if (!own || own.id !== row.impersonator_session_id || own.user_id !== imp.id) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  reply.setCookie(SESSION_COOKIE, secret!, cookieOptions(req, config));
  return userContext(db, own.user_id, own.account_id, req.ip, own.id);
}
