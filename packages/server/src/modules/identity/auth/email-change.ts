import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorCode, validation } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../http/errors.ts';
import { clearThrottle, rateLimit } from '../../../http/rate-limit.ts';
import { requireCtx } from '../../../http/reply.ts';
import { verifyPassword } from '../../../lib/secrets.ts';
import { queueMail } from '../../../mail/outbox.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import { parseBody, type Db } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { CODE_TTL_MS, consumeCode, issueCode } from '../codes/service.ts';
import { auditPasswordSet, selfCtx } from '../password/service.ts';
import { syncProfile } from '../users/member.ts';

// POST /auth/email/change (spec §7 `POST /auth/{kind}/change`): the signed-in user asks for a new address with its
// password; a one-time code goes to the new address (the outbox), and the change happens only when that code comes
// back (`?code=`, from the e-mailed link or typed into the profile page). The old address is told afterwards.

const EmailChange = z.object({
  email: validation.zRequiredString(validation.email),
  password: validation.zRequiredString(),
});

/** The page the e-mailed link opens; it posts the code back. */
export const emailConfirmLink = (config: Config, code: string) =>
  `${config.publicUrl}/email/confirm?code=${encodeURIComponent(code)}`;

const emailError = (message: string) => ApiError.field('email', message);
export const EMAIL_IN_USE = 'Another user already has this e-mail address.';

describeRoute('post', '/auth/email/change', {
  summary:
    "Change the signed-in user's e-mail: with {email, password} a confirmation code is e-mailed to the new address " +
    '(201 {email, expires_at}); with ?code=… (no session needed) the change is made (201 {email}) and the old address ' +
    "is told. 401 'Invalid confirmation code', 403 'Confirmation code is expired'.",
  tag: 'auth',
  body: EmailChange,
  status: 201,
});
describeRoute('post', '/auth/:kind/change', {
  summary: 'Changes of the signed-in user by kind: password (reference auth.PasswordChange) and email; others are 404',
  tag: 'auth',
});

export function emailChangeRoutes({ app, db, config }: Api) {
  app.post(
    '/auth/email/change',
    { config: { public: true, rateLimit: { name: 'email-change' } } },
    async (req, reply) => {
      const { code } = req.query as { code?: string };
      if (code !== undefined) return reply.code(201).send(await confirm(code, req.ip));
      const ctx = requireCtx(req);
      if (!ctx.user) throw ApiError.badRequest('Only a signed-in user can change its e-mail address.');
      const body = parseBody(EmailChange, req.body);
      const key = `change:user:${ctx.user.id}`;
      await rateLimit(db, key, config.loginMaxPerAccount, config.loginWindowMs);
      const user = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'password_hash'])
        .where('id', '=', ctx.user.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(body.password, user.password_hash)))
        throw new ApiError(400, ErrorCode.validation, ['password: The password is not correct.'], {
          fields: { password: ['The password is not correct.'] },
        });
      await clearThrottle(db, key);
      const email = body.email.trim();
      if (email.toLowerCase() === user.email.toLowerCase())
        throw emailError(validation.messages.differsFrom(user.email));
      await assertFree(email, user.id);
      const expires = new Date(Date.now() + CODE_TTL_MS.email).toISOString();
      await db.transaction().execute(async (trx) => {
        const secret = await issueCode(trx, user.id, 'email');
        await sql`update users set data = data || jsonb_build_object('email_change',
            jsonb_build_object('email', ${email}::text, 'at', now())) where id = ${user.id}`.execute(trx);
        await queueMail(trx, {
          to: email,
          subject: 'Confirm your new e-mail address',
          text:
            `Hello ${user.name},\n\nTo make ${email} the e-mail address you sign in with, open:\n\n` +
            `${emailConfirmLink(config, secret)}\n\nor enter this code on your profile page:\n\n${secret}\n\n` +
            'The code works once and expires in 24 hours. If you did not ask for this, ignore this message.\n',
        });
      });
      return reply.code(201).send({ email, expires_at: expires });
    },
  );

  // the other kinds of /auth/{kind}/change (password has its own route)
  app.post('/auth/:kind/change', async (req) => {
    const { kind } = req.params as { kind: string };
    throw ApiError.notFound(`Change of ${kind}: only password and email can be changed`);
  });

  async function assertFree(email: string, userId: string, q: Db = db) {
    const other = await q
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (other) throw emailError(EMAIL_IN_USE);
  }

  /** Spend the code and make the change; the old address is told. */
  async function confirm(code: string, ip: string) {
    return db.transaction().execute(async (trx) => {
      const spent = await consumeCode(trx, code, ['email']);
      const user = await trx
        .selectFrom('users')
        .select(['id', 'name', 'email', 'data'])
        .where('id', '=', spent.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const next: string | undefined = user.data.email_change?.email;
      if (!next) throw new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
      // two changes to the same address at once: the second waits here, then finds it taken
      await sql`select pg_advisory_xact_lock(hashtext(${next.toLowerCase()}))`.execute(trx);
      await assertFree(next, user.id, trx);
      const { email_change: _, ...rest } = user.data;
      const data = {
        ...rest,
        email: next,
        events: { ...rest.events, updated: { at: new Date().toISOString(), by: { id: user.id, name: user.name } } },
      };
      await trx
        .updateTable('users')
        .set({ email: next, updated_at: data.events.updated.at, data: JSON.stringify(data) })
        .where('id', '=', user.id)
        .execute();
      await syncProfile(trx, data);
      await auditPasswordSet(trx, selfCtx({ id: user.id, name: user.name }, ip), user.id, 'change_email');
      await queueMail(trx, {
        to: user.email,
        subject: 'Your e-mail address was changed',
        text:
          `Hello ${user.name},\n\nThe e-mail address of your user was changed from ${user.email} to ${next}. ` +
          'From now on you sign in with the new address.\n\nIf you did not make this change, contact your administrator at once.\n',
      });
      return { email: next };
    });
  }
}
