import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Idp } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { signInAccount } from '../acl/enforce.ts';
import { addMember, createUser } from '../accounts/service.ts';
import { openSession } from '../auth/session.ts';
import { acceptInvite } from '../users/service.ts';
import { selfCtx } from '../password/service.ts';
import { domainOfEmail } from './enforce.ts';
import { SsoError, type Identity } from './protocols.ts';

/** Whether the e-mail is at a verified domain of the account that is linked to this IdP. */
async function linkedDomain(db: Kysely<DB>, email: string, accountId: string, idpId: string): Promise<boolean> {
  const domain = await domainOfEmail(db, email);
  return Boolean(domain && domain.account_id === accountId && domain.data?.auth?.idp?.id === idpId);
}

/**
 * Whether an IdP may speak for a known user. A user session reaches every account of the user, so an account's IdP
 * signs a user in only when that account answers for the e-mail: a verified domain of the account linked to the IdP
 * (or the user's own link to it), or no other account the user is an active member of. Otherwise one account's
 * administrator, by running an IdP, could sign a shared user into another account.
 */
async function vouchesFor(db: Kysely<DB>, idp: Idp, email: string, userId: string): Promise<boolean> {
  if (await linkedDomain(db, email, idp.owner.id, idp.id)) return true;
  const memberships = await db
    .selectFrom('account_users')
    .select(['account_id', 'data'])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  const own = memberships.find((m) => m.account_id === idp.owner.id);
  if ((own?.data as { sso_idp?: { id: string } } | undefined)?.sso_idp?.id === idp.id) return true;
  return memberships.every((m) => m.account_id === idp.owner.id);
}

/** Groups a provisioned user joins: the IdP's default group, and with `group.auto` the groups its attribute names. */
async function provisionGroups(db: Kysely<DB>, idp: Idp, identity: Identity): Promise<string[]> {
  const ids = new Set<string>();
  const chosen = idp.settings.group?.default?.id;
  if (chosen) ids.add(chosen);
  if (idp.settings.group?.auto && identity.groups.length) {
    const rows = await db
      .selectFrom('groups')
      .select('id')
      .where('account_id', '=', idp.owner.id)
      .where(sql<boolean>`data->>'external_id' in (${sql.join(identity.groups)})`)
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  if (!ids.size) return [];
  const existing = await db
    .selectFrom('groups')
    .select('id')
    .where('account_id', '=', idp.owner.id)
    .where('id', 'in', [...ids])
    .execute();
  return existing.map((r) => r.id);
}

/**
 * The user the IdP authenticated, in the IdP's account: a known user must be an active member of it; an unknown
 * e-mail at a verified domain of that account linked to this IdP is made a user and a member (provisioning).
 */
async function userFor(db: Kysely<DB>, idp: Idp, identity: Identity, ip: string): Promise<string> {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', idp.owner.id)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', identity.email))
    .executeTakeFirst();
  if (user) {
    const member = await db
      .selectFrom('account_users')
      .select('status')
      .where('account_id', '=', account.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    // an invitation is accepted by signing in through the IdP that the invited e-mail's verified domain uses
    if (member?.status === 'invited' && (await linkedDomain(db, identity.email, account.id, idp.id))) {
      await db.transaction().execute(async (trx) => {
        await acceptInvite(trx, user.id, account.id);
        await sql`update users set data = data || '{"active": true}'::jsonb where id = ${user.id}`.execute(trx);
      });
      return user.id;
    }
    if (member?.status !== 'active')
      throw new SsoError(
        `${identity.email} is not an active member of ${account.name}, which ${idp.name} signs in to. Ask an administrator of ${account.name} to invite you.`,
      );
    if (!(await vouchesFor(db, idp, identity.email, user.id)))
      throw new SsoError(
        `${idp.name} cannot sign ${identity.email} in: the user is also a member of other accounts, and ${identity.email.split('@')[1]} is not a verified domain of ${account.name} signing in with ${idp.name}. Sign in with your password.`,
      );
    return user.id;
  }
  if (!(await linkedDomain(db, identity.email, account.id, idp.id)))
    throw new SsoError(
      `There is no user ${identity.email}, and ${identity.email.split('@')[1]} is not a verified domain of ${account.name} signing in with ${idp.name}: ask an administrator of ${account.name} to invite you.`,
    );
  const groups = await provisionGroups(db, idp, identity);
  return db.transaction().execute(async (trx) => {
    const made = await createUser(trx, { name: identity.name || identity.email, email: identity.email });
    await sql`update users set data = data || ${JSON.stringify({ active: true, sso: { idp: { id: idp.id }, external_id: identity.externalId } })}::jsonb
      where id = ${made.id}`.execute(trx);
    await addMember(trx, account.id, made.id, { groups });
    await recordAudit(trx, selfCtx({ id: made.id, name: made.name }, ip), {
      res: 'user',
      objectId: made.id,
      action: 'sso_provision',
      owner: account.id,
    });
    return made.id;
  });
}

/**
 * Sign the authenticated user in like /auth/login: the account's access rules (signInAccount), a session and its
 * cookie, an audit record. No MFA step follows: the IdP authenticated the user (sessions.mfa_step stays null).
 */
export async function signInWithIdp(
  db: Kysely<DB>,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  idp: Idp,
  identity: Identity,
): Promise<void> {
  if (req.ctx?.impersonator) throw new SsoError('You are logged in as another user: end the impersonation first.');
  const userId = await userFor(db, idp, identity, req.ip);
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', idp.owner.id)
    .executeTakeFirstOrThrow();
  let accountId: string;
  try {
    accountId = await signInAccount(db, [account], account.id, req.ip);
  } catch (e) {
    throw new SsoError((e as { errors?: string[] }).errors?.[0] ?? (e as Error).message);
  }
  await openSession(db, req, reply, userId, accountId, config);
  const user = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await sql`update users set data = jsonb_set(data, '{last_account_id}', to_jsonb(${accountId}::text)) where id = ${userId}`.execute(
      trx,
    );
    await recordAudit(trx, selfCtx({ id: userId, name: user.name }, req.ip), {
      res: 'user',
      objectId: userId,
      action: 'sso_login',
      owner: accountId,
      after: { idp: { id: idp.id, name: idp.name, type: idp.type } },
    });
  });
}
