import { z } from 'zod';
import { ErrorCode, validation } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import { userContext } from '../../../http/auth.ts';
import { signInAccount } from '../acl/enforce.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { digest, hashPassword, verifyPassword } from '../../../lib/secrets.ts';
import { parseBody } from '../../../resources/engine.ts';
import { describeContext, memberAccounts } from '../auth/routes.ts';
import { recaptchaScript, verifyRecaptcha } from '../auth/recaptcha.ts';
import { openSession } from '../auth/session.ts';
import { sessionMfaAtLogin, withMfaStep } from '../mfa/session-mfa.ts';
import { clearThrottle, rateLimit } from '../../../http/rate-limit.ts';
import { terminateSessions } from '../sessions/service.ts';
import type { Api } from '../../types.ts';
import { auditPasswordSet, requestRestore, setPasswordWithCode, storePassword } from './service.ts';
import { peekCode } from '../codes/service.ts';
import { originOf } from '../sso/routes.ts';
import { refuseIfSsoEnforced, userCheckAnswer } from '../sso/enforce.ts';

const { email: emailRule, zPasswordRules, zRequiredString, resolveRecaptchaSiteKey } = validation;
const zEmail = () => zRequiredString(emailRule);

/** Google's published test site key: used when no site key is configured (spec §8 'Empty site key is received'). */
export const DEFAULT_RECAPTCHA_SITE_KEY = validation.DEFAULT_RECAPTCHA_SITE_KEY;
export const WRONG_OLD_PASSWORD = 'old_password: The current password is not correct.';

const Recaptcha = z.string().optional();
const RestoreBody = z.object({ email: zEmail(), recaptcha: Recaptcha });
// the cheap rules at parse time; strength once the code says whose password it is (service.ts)
const SetBody = z.object({ password: zPasswordRules(), recaptcha: Recaptcha });
const CheckBody = z.object({ email: zEmail(), recaptcha: Recaptcha });
// Reference auth.PasswordChange: old_password + password.
const ChangeBody = z.object({ old_password: zRequiredString(), password: zPasswordRules() });

/** 400 on the password field, as a parse failure would be (the portal shows it under the field). */
const passwordError = (message: string) => ApiError.field('password', message);

export function passwordRoutes({ app, db, config }: Api) {
  const window = config.loginWindowMs;

  // Always 200 {} whether or not the e-mail is known, so the answer does not reveal accounts. Limited per
  // address (route option) and per e-mail, each request counted atomically.
  const perAddress = { rateLimit: { name: 'password-restore', max: (c: Config) => c.loginMaxPerAddress } };
  app.post('/auth/password/restore', { config: { public: true, ...perAddress } }, async (req) => {
    const body = parseBody(RestoreBody, req.body);
    const email = body.email.trim().toLowerCase();
    await rateLimit(db, `restore:email:${digest(email)}`, config.loginMaxPerAccount, window);
    await verifyRecaptcha(config, body.recaptcha, req.ip);
    await refuseIfSsoEnforced(db, email);
    await requestRestore(db, config, email);
    return {};
  });

  // Spend a restore or invitation code, set the password and sign the user in (reference: 201 + Set-Cookie).
  // Throttled per address (PUBLIC_MAX_PER_ADDRESS); the code is checked before the password is hashed.
  app.post(
    '/auth/password/set',
    { config: { public: true, rateLimit: { name: 'password-set' } } },
    async (req, reply) => {
      const body = parseBody(SetBody, req.body);
      await verifyRecaptcha(config, body.recaptcha, req.ip);
      const { code } = req.query as { code?: string };
      const owner = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', (await peekCode(db, code, ['restore', 'invite'])).userId)
        .executeTakeFirst();
      if (owner) await refuseIfSsoEnforced(db, owner.email);
      const { user, accountId } = await setPasswordWithCode(db, code, body.password, req.ip);
      const accounts = await memberAccounts(db, user.id);
      const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
      if (!account) return reply.code(201).send({ account: null, user: { id: user.id, name: user.name } });
      // the password is set; signing in still follows the accounts' access rules (403 before any session)
      const openId = await signInAccount(db, accounts, account.id, req.ip);
      const sessionId = await openSession(db, req, reply, user.id, openId, config);
      // a new password is the first factor only: the MFA step follows as after a sign-in
      const mfa = await sessionMfaAtLogin(db, sessionId, user.id, openId);
      const ctx = withMfaStep((await userContext(db, user.id, openId, req.ip, sessionId))!, mfa);
      return reply.code(201).send({ ...(await describeContext(db, ctx)), ...(mfa ? { mfa } : {}) });
    },
  );

  // The signed-in user changes its password; its other sessions end, the current one stays.
  app.post('/auth/password/change', async (req, reply) => {
    const ctx = requireCtx(req);
    if (!ctx.user) throw ApiError.badRequest('Only a signed-in user can change its password.');
    const body = parseBody(ChangeBody, req.body);
    const key = `change:user:${ctx.user.id}`;
    // every attempt counted before the old password is checked (parallel guesses cannot pass the limit)
    await rateLimit(db, key, config.loginMaxPerAccount, window);
    const row = await db
      .selectFrom('users')
      .select(['password_hash', 'name', 'email'])
      .where('id', '=', ctx.user.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.old_password, row.password_hash)))
      throw new ApiError(400, ErrorCode.validation, [WRONG_OLD_PASSWORD], {
        fields: { old_password: ['The current password is not correct.'] },
      });
    await clearThrottle(db, key);
    if (body.password === body.old_password) throw passwordError(validation.PASSWORD_SAME_AS_CURRENT);
    const weak = validation.passwordStrength(body.password, validation.personalWords(row.name, row.email));
    if (weak) throw passwordError(weak);
    const hash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await storePassword(trx, ctx.user!.id, hash);
      await terminateSessions(trx, ctx, ctx.user!.id, ctx.session?.id ?? null);
      await auditPasswordSet(trx, ctx, ctx.user!.id, 'change_password');
    });
    return reply.code(201).send({});
  });

  // How a user signs in: 404 when unknown (reference). Throttled per address, as it can probe e-mails.
  const checkLimit = { rateLimit: { name: 'user-check', max: (c: Config) => c.loginMaxPerAddress } };
  app.post('/auth/user/check', { config: { public: true, ...checkLimit } }, async (req) => {
    const body = parseBody(CheckBody, req.body);
    await verifyRecaptcha(config, body.recaptcha, req.ip);
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.trim().toLowerCase()))
      .executeTakeFirst();
    const email = body.email.trim().toLowerCase();
    const answer = await userCheckAnswer(db, email, Boolean(user?.password_hash), originOf(req));
    // an unknown e-mail is a 404, unless its domain signs in with an IdP (the first sign-in makes the user)
    if (!user && !answer.login) throw ApiError.notFound('User');
    return answer;
  });

  app.get('/auth/recaptcha', { config: { public: true } }, async (req) => {
    const enabled = Boolean(config.recaptchaSecret);
    const sitekey = resolveRecaptchaSiteKey(config.recaptchaSiteKey, DEFAULT_RECAPTCHA_SITE_KEY, (m) => {
      if (enabled) req.log.warn(m);
    });
    // `sitekey` is the reference's name; `site_key` the same value under the name the portal brief uses.
    return { enabled, sitekey, site_key: sitekey, ...(enabled ? { script: recaptchaScript(config) } : {}) };
  });
}
