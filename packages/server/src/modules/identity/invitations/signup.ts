import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { AccountSignUp, ErrorCode, validation, type Account, type AccountInvitation } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { digest, hashPassword } from '../../../lib/secrets.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { parseBody } from '../../../resources/engine.ts';
import { addMember, createAccount, createUser, type ProviderRole } from '../accounts/service.ts';

const invalid = () => new ApiError(401, ErrorCode.invalidCode, ['Invalid confirmation code']);
const expired = () => new ApiError(403, ErrorCode.expiredCode, ['Confirmation code is expired']);

/** The invitation a code opens: 401 'Invalid confirmation code' (unknown, spent, revoked), 403 when expired. */
export async function invitationOfCode(db: Kysely<DB>, code: string | undefined) {
  if (!code) throw invalid();
  const row = await db
    .selectFrom('account_invitations')
    .select(['id', 'status', 'expires_at', 'data'])
    .where('code_hash', '=', digest(code))
    .executeTakeFirst();
  if (!row || (row.status !== 'pending' && row.status !== 'expired')) throw invalid();
  if (row.status === 'expired' || new Date(row.expires_at).getTime() <= Date.now()) throw expired();
  return row.data as AccountInvitation;
}

const fieldError = (field: string, message: string) => ApiError.field(field, message);

/**
 * POST /accounts?code={code} (spec §7): opens the account an invitation offers. The new account is managed by the
 * inviting one (parent), gets its admin group (MD-0000) and the signing-up user as its first member. That user is
 * the one the invitation's e-mail belongs to: a new user (name and password in `user`) when the e-mail has none, else
 * that user, who must be signed in. A signed-in user may also accept an invitation sent to an address no user has.
 * The code is spent in the same transaction, so it opens one account only.
 */
export async function signUp(db: Kysely<DB>, req: FastifyRequest, code: string | undefined): Promise<Account> {
  const invitation = await invitationOfCode(db, code);
  const body = parseBody(AccountSignUp, req.body);
  const caller = req.ctx;
  if (caller?.impersonator)
    throw ApiError.forbidden('A session logged in as another user cannot open accounts; return to your own first.');
  const existing = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where(sql`lower(email)`, '=', invitation.email.toLowerCase())
    .executeTakeFirst();
  let hash: string | null = null;
  if (existing) {
    if (caller?.user?.id !== existing.id)
      throw ApiError.forbidden(`${invitation.email} already has a user: sign in as that user to open the account.`);
  } else if (body.user) {
    const weak = validation.passwordStrength(
      body.user.password,
      validation.personalWords(body.user.name, invitation.email),
    );
    if (weak) throw fieldError('user.password', weak);
    hash = await hashPassword(body.user.password);
  } else if (!caller?.user) {
    throw fieldError('user', validation.REQUIRED);
  }

  return db.transaction().execute(async (trx) => {
    // spend the code: exactly one sign-up wins a race
    const spent = await sql<{ id: string }>`update account_invitations set status = 'accepted', code_hash = null,
        updated_at = now() where code_hash = ${digest(code!)} and status = 'pending' and expires_at > now() returning id`.execute(
      trx,
    );
    if (!spent.rows.length) throw invalid();
    const user = existing
      ? existing
      : body.user
        ? await createUser(trx, { email: invitation.email, name: body.user.name.trim() }).then(async (u) => {
            await sql`update users set password_hash = ${hash}, data = jsonb_set(data, '{active}', 'true'::jsonb)
              where id = ${u.id}`.execute(trx);
            return u;
          })
        : { id: caller!.user!.id, name: caller!.user!.name };
    const by = { id: user.id, name: user.name };
    const roles: ProviderRole[] | undefined =
      invitation.type === 'provider' ? [invitation.role as ProviderRole] : undefined;
    const { account, adminGroup } = await createAccount(
      trx,
      {
        name: body.name.trim(),
        type: invitation.type,
        roles,
        external_id: body.external_id ?? undefined,
        description: body.description ?? null,
        parent: { id: invitation.owner.id, name: invitation.owner.name ?? invitation.owner.id },
      },
      by,
    );
    await addMember(trx, account.id, user.id, { groups: [adminGroup.id] });
    const at = new Date().toISOString();
    const accepted: AccountInvitation = {
      ...invitation,
      status: 'accepted',
      account: { id: account.id, name: account.name },
      events: { ...invitation.events, accepted: { at, by }, updated: { at, by } },
    };
    await trx
      .updateTable('account_invitations')
      .set({ data: JSON.stringify(accepted) })
      .where('id', '=', invitation.id)
      .execute();
    const ctx: Ctx = {
      account: { id: account.id, name: account.name, type: account.type, roles: account.roles },
      user: by,
      token: null,
      modules: [],
      session: null,
      ip: req.ip,
    };
    // the parent's trail shows the invitation accepted, the new account's its own opening
    await recordAudit(trx, ctx, {
      res: 'account-invitation',
      objectId: invitation.id,
      action: 'accept',
      owner: invitation.owner.id,
      before: invitation,
      after: accepted,
    });
    await recordAudit(trx, ctx, {
      res: 'account',
      objectId: account.id,
      action: 'create',
      owner: account.id,
      after: account,
    });
    return account as Account;
  });
}
