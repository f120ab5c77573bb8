import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { validation } from '@trellis/domain';
import type { Actor, Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { hashPassword } from '../../../lib/secrets.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { memberAccounts } from '../auth/routes.ts';
import { consumeCode, issueCode, peekCode } from '../codes/service.ts';
import { clearEmailThrottles } from '../auth/throttle.ts';
import { queueMail } from '../../../mail/outbox.ts';
import { terminateSessions } from '../sessions/service.ts';
import { acceptInvite } from '../users/service.ts';

/** The link e-mailed for a password restore; the portal's set-password page posts the code back. */
export const restoreLink = (config: Config, code: string) =>
  `${config.publicUrl}/password/set?code=${encodeURIComponent(code)}`;

/** A context for a user acting on itself without a session (the code proves who it is). */
export function selfCtx(user: Actor, ip: string): Ctx {
  return {
    account: { id: '', name: '', type: 'vendor', roles: [] },
    user,
    token: null,
    modules: [],
    session: null,
    ip,
  };
}

/** Queue a restore link for a known e-mail; unknown e-mails do nothing (the caller never learns which). */
export async function requestRestore(db: Kysely<DB>, config: Config, email: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!user) return false;
  await db.transaction().execute(async (trx) => {
    const code = await issueCode(trx, user.id, 'restore');
    const link = restoreLink(config, code);
    await queueMail(trx, {
      to: user.email,
      subject: 'Set a new password',
      text:
        `Hello ${user.name},\n\nSomeone asked to reset the password of your account. To set a new password, open:\n\n${link}\n\n` +
        'The link works once and expires in one hour. If you did not ask for this, ignore this message.\n',
    });
  });
  return true;
}

/**
 * Spend a restore or invitation code and set the password: a restore ends every session of the user,
 * an invitation activates the membership. Returns the user and the account the invitation was for.
 */
export async function setPasswordWithCode(db: Kysely<DB>, code: string | undefined, password: string, ip: string) {
  // The code is checked before any costly work: a wrong code costs a lookup, not a password hash.
  const known = await peekCode(db, code, ['restore', 'invite']);
  const owner = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', known.userId)
    .executeTakeFirstOrThrow();
  const weak = validation.passwordStrength(password, validation.personalWords(owner.name, owner.email));
  if (weak) throw ApiError.field('password', weak);
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const spent = await consumeCode(trx, code, ['restore', 'invite']);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', '=', spent.userId)
      .executeTakeFirstOrThrow();
    const ctx = selfCtx({ id: user.id, name: user.name }, ip);
    await storePassword(trx, user.id, hash);
    if (spent.kind === 'restore') {
      await terminateSessions(trx, ctx, user.id, null);
      // the reset e-mail proves the owner: the sign-in slow-downs of that e-mail end
      await clearEmailThrottles(trx, owner.email);
    }
    if (spent.accountId) await acceptInvite(trx, user.id, spent.accountId);
    await auditPasswordSet(trx, ctx, user.id, spent.kind === 'invite' ? 'accept_invite' : 'restore_password');
    return { user, accountId: spent.accountId };
  });
}

export async function storePassword(trx: Transaction<DB>, userId: string, hash: string) {
  await sql`update users set password_hash = ${hash}, updated_at = now(),
    data = jsonb_set(data, '{active}', 'true'::jsonb) where id = ${userId}`.execute(trx);
}

/** One audit record in every account the user works in (a user is not owned by a single tenant). */
export async function auditPasswordSet(trx: Transaction<DB>, ctx: Ctx, userId: string, action: string) {
  for (const account of await memberAccounts(trx, userId)) {
    await recordAudit(trx, ctx, { res: 'user', objectId: userId, action, owner: account.id });
  }
}
