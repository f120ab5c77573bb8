import { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import { mfaPolicyOf } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { SESSION_COOKIE, SESSION_HEADER, userContext } from '../../../http/auth.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { verifyPassword } from '../../../lib/secrets.ts';
import { parseBody } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { clearSessionCookie, openSession } from './session.ts';
import { claimLoginAttempt, loginKeys, loginSucceeded } from './throttle.ts';
import { verifyRecaptcha } from './recaptcha.ts';
import { signInAccount } from '../acl/enforce.ts';
import { contextMfa, sessionMfaAtLogin, sessionMfaOnSwitch, withMfaStep } from '../mfa/session-mfa.ts';
import { userMfaOf } from '../mfa/service.ts';
import { accountsOrImpersonator, userClock } from './auth-user.ts';
import { refuseIfSsoEnforced } from '../sso/enforce.ts';

export const INVALID_LOGIN = 'Invalid e-mail or password.';
// A real hash to compare against when the e-mail is unknown, so both paths take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const LoginBody = z.object({
  email: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required'),
  password: z.string({ error: 'This field is required' }).min(1, 'This field is required'),
  recaptcha: z.string().optional(),
});
const ContextBody = z.object({ account: z.object({ id: z.string().min(1, 'This field is required') }) });

/** Accounts a user is an active member of, most recently joined last. */
export async function memberAccounts(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('account_users as au')
    .innerJoin('accounts as a', 'a.id', 'au.account_id')
    .select(['a.id', 'a.name', 'a.type', 'a.data'])
    .where('au.user_id', '=', userId)
    .where('au.status', '=', 'active')
    .orderBy('au.created_at')
    .orderBy('a.id')
    .execute();
}

/** The body of /auth/context and /auth/login: who, where, with which permissions. */
export async function describeContext(db: Kysely<DB>, ctx: Ctx) {
  const account = await db
    .selectFrom('accounts')
    .select('data')
    .where('id', '=', ctx.account.id)
    .executeTakeFirstOrThrow();
  const a = account.data;
  const base = {
    account: {
      id: a.id,
      name: a.name,
      icon: a.icon ?? null,
      type: a.type,
      role: a.role,
      roles: a.roles,
      settings: { ...a.settings, mfa: { policy: mfaPolicyOf(a.settings?.mfa?.policy) } },
    },
    permissions: ctx.modules,
    session_id: ctx.session?.id ?? null,
    // while the session must complete MFA: which step (identity/mfa/session-mfa.ts)
    ...contextMfa(ctx),
  };
  if (!ctx.user) return { ...base, user: null, token: ctx.token };
  const user = await db.selectFrom('users').select('data').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  const groups = await db
    .selectFrom('group_users as gu')
    .innerJoin('groups as g', 'g.id', 'gu.group_id')
    .select(['g.id', 'g.name'])
    .where('gu.user_id', '=', ctx.user.id)
    .where('gu.account_id', '=', ctx.account.id)
    .execute();
  const accounts = (await memberAccounts(db, ctx.user.id)).map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    role: r.data.role,
  }));
  const u = user.data;
  return {
    ...base,
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      ...userClock(u),
      mfa: userMfaOf(u),
      permissions: ctx.modules.map((id) => ({ id, object: { id } })),
      groups,
    },
    ...accountsOrImpersonator(ctx, accounts),
  };
}

export function authRoutes({ app, db, config }: Api) {
  app.post('/auth/login', { config: { public: true } }, async (req, reply) => {
    const body = parseBody(LoginBody, req.body);
    const email = body.email.toLowerCase();
    // reCAPTCHA first (when configured, every sign-in needs it; a valid answer lifts the shared slow-downs),
    // then the attempt is counted before its password is checked (auth/throttle.ts: the policy)
    await verifyRecaptcha(config, body.recaptcha, req.ip);
    const keys = loginKeys(email, req.ip);
    await claimLoginAttempt(db, config, keys, { human: Boolean(config.recaptchaSecret) });
    // a domain that enforces single sign-on allows no password (403 naming the identity provider)
    await refuseIfSsoEnforced(db, email);

    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'data'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) throw ApiError.unauthorized(INVALID_LOGIN);
    await loginSucceeded(db, keys);
    const accounts = await memberAccounts(db, user.id);
    if (!accounts.length) throw ApiError.forbidden('This user is not an active member of any account.');
    const last = user.data.last_account_id;
    const accountId = await signInAccount(db, accounts, last, req.ip);
    const sessionId = await openSession(db, req, reply, user.id, accountId, config);
    const mfa = await sessionMfaAtLogin(db, sessionId, user.id, accountId);
    const ctx = withMfaStep((await userContext(db, user.id, accountId, req.ip, sessionId))!, mfa);
    return reply.code(201).send({ ...(await describeContext(db, ctx)), ...(mfa ? { mfa } : {}) });
  });

  app.post('/auth/logout', { config: { public: true, mfaStep: true } }, async (req, reply) => {
    if (req.ctx?.session) {
      await db
        .updateTable('sessions')
        .set({ terminated_at: new Date().toISOString() })
        .where('id', '=', req.ctx.session.id)
        .execute();
    }
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get('/auth/context', { config: { mfaStep: true } }, async (req) => describeContext(db, requireCtx(req)));

  app.post('/auth/context', async (req, reply) => {
    const ctx = requireCtx(req);
    if (!ctx.user || !ctx.session) throw ApiError.badRequest('Only a user session can switch accounts.');
    const { account } = parseBody(ContextBody, req.body);
    const next = await userContext(db, ctx.user.id, account.id, req.ip, ctx.session.id);
    if (!next) throw ApiError.notFound('Account');
    let sessionId = ctx.session.id;
    if ((req.query as Record<string, string>).session === 'new') {
      sessionId = await openSession(db, req, reply, ctx.user.id, account.id, config);
    } else {
      await db.updateTable('sessions').set({ account_id: account.id }).where('id', '=', ctx.session.id).execute();
    }
    const mfaStep = await sessionMfaOnSwitch(db, ctx.session.id, sessionId, ctx.user.id, account.id);
    await sql`update users set data = jsonb_set(data, '{last_account_id}', to_jsonb(${account.id}::text)) where id = ${ctx.user.id}`.execute(
      db,
    );
    const session = { id: sessionId, ...(mfaStep ? { mfaStep } : {}) };
    return reply.code(201).send(await describeContext(db, { ...next, session }));
  });
}

export { SESSION_COOKIE, SESSION_HEADER };
