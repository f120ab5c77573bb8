import { sql, type Kysely, type Transaction } from 'kysely';
import { ALL_MODULES, type AccountUser } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { actorOf, can, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { createUser } from '../accounts/service.ts';
import { issueCode } from '../codes/service.ts';
import { queueMail } from '../../../mail/outbox.ts';
import { memberObject } from './member.ts';

type Db = Kysely<DB> | Transaction<DB>;
const now = () => new Date().toISOString();

/** The invitation page: it reads who is invited with the code (GET /users?code=, Account-Context) and sets the password. */
export const inviteLink = (config: Config, code: string, accountId: string) =>
  `${config.publicUrl}/password/set?code=${encodeURIComponent(code)}&account=${encodeURIComponent(accountId)}`;
export const loginLink = (config: Config) => `${config.publicUrl}/login`;

/** Nobody hands out a module it does not hold itself (MD-0001 alone must not lead to MD-0000). */
export function assertGrantable(ctx: Ctx, modules: Iterable<string>): void {
  for (const m of modules) {
    if (!can(ctx, m)) throw ApiError.forbidden(`You cannot grant module ${m}: you do not hold it yourself.`);
  }
}

/**
 * Nobody acts on an object that carries more power than they hold (a token, a group or a member holding a module
 * the caller does not hold): the rule of create and grant, applied to every change of an existing object too.
 * Otherwise a user managing only API tokens could rotate a full-access token and use its secret.
 */
export function assertWithinPower(ctx: Ctx, modules: Iterable<string>, what: string): void {
  for (const m of modules) {
    if (!can(ctx, m))
      throw ApiError.forbidden(`You cannot change ${what}: it holds module ${m}, which you do not hold yourself.`);
  }
}

/** The modules a member holds in an account (through its groups). */
export async function memberModules(db: Db, accountId: string, userId: string): Promise<string[]> {
  return modulesOfGroups(
    db,
    (await groupsOf(db, accountId, userId)).map((g) => g.id),
  );
}

/** Modules granted by the given groups. */
async function modulesOfGroups(db: Db, groupIds: string[]): Promise<string[]> {
  if (!groupIds.length) return [];
  const { rows } = await sql<{ id: string }>`select distinct coalesce(p.value #>> '{object,id}', p.value->>'id') as id
    from groups g cross join lateral jsonb_array_elements(g.data->'permissions') p where g.id in (${sql.join(groupIds)})`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

/**
 * Group ids must be groups of the caller's account, and groups not `held` already must grant only
 * modules the caller holds; returns them deduplicated. 400 names the first unknown group.
 */
export async function checkGroups(db: Db, ctx: Ctx, refs: { id: string }[], held: string[] = []): Promise<string[]> {
  const ids = [...new Set(refs.map((g) => g.id))];
  if (!ids.length) return [];
  const found = await db
    .selectFrom('groups')
    .select('id')
    .where('account_id', '=', ctx.account.id)
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((g) => g.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw ApiError.badRequest(`groups: group ${missing} not found.`);
  assertGrantable(
    ctx,
    await modulesOfGroups(
      db,
      ids.filter((id) => !held.includes(id)),
    ),
  );
  return ids;
}

/** Replace the groups a user has in an account. */
export async function setUserGroups(db: Db, accountId: string, userId: string, groupIds: string[]): Promise<void> {
  await db
    .deleteFrom('group_users')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .$if(groupIds.length > 0, (q) => q.where('group_id', 'not in', groupIds))
    .execute();
  for (const groupId of groupIds) {
    await sql`insert into group_users (group_id, user_id, account_id, created_at) values (${groupId}, ${userId}, ${accountId}, now())
      on conflict do nothing`.execute(db);
  }
}

/** The groups of a user in an account, as {id, name}. */
export async function groupsOf(db: Db, accountId: string, userId: string) {
  return db
    .selectFrom('group_users as gu')
    .innerJoin('groups as g', 'g.id', 'gu.group_id')
    .select(['g.id', 'g.name'])
    .where('gu.account_id', '=', accountId)
    .where('gu.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
}

/**
 * Every account keeps at least one joined member holding MD-0000; called after a change, in its transaction,
 * so a refused change is rolled back.
 */
export async function ensureAdminRemains(db: Db, accountId: string): Promise<void> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from account_users au
    where au.account_id = ${accountId} and au.status = 'active' and exists (
      select 1 from group_users gu join groups g on g.id = gu.group_id
      cross join lateral jsonb_array_elements(g.data->'permissions') p
      where gu.user_id = au.user_id and gu.account_id = au.account_id
        and coalesce(p.value #>> '{object,id}', p.value->>'id') = ${ALL_MODULES})`.execute(db);
  if (Number(rows[0].n) === 0) {
    throw ApiError.badRequest(`The account must keep at least one member with full access (${ALL_MODULES}).`);
  }
}

/** Codes of an invitation to this account stop working (revoked, activated or removed). */
async function voidInviteCodes(db: Db, userId: string, accountId: string) {
  await db
    .updateTable('confirmation_codes')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .execute();
}

interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  data: any;
}

/**
 * Send (or resend) an invitation. A user who already has a password joins at once and is told so;
 * a new user gets a code to set its password, which also accepts the invitation (acceptInvite).
 */
async function invitation(
  db: Db,
  ctx: Ctx,
  config: Config,
  user: UserRow,
  base: AccountUser | null,
): Promise<AccountUser> {
  const accountId = ctx.account.id;
  const by = actorOf(ctx);
  const at = now();
  const events = { ...(base?.events ?? { created: { at, by } }), invited: { at, by } } as Record<string, unknown>;
  const who = by.name;
  if (user.password_hash) {
    await voidInviteCodes(db, user.id, accountId);
    await queueMail(db, {
      to: user.email,
      accountId,
      subject: `You have been added to ${ctx.account.name}`,
      text:
        `Hello ${user.data.name},\n\n${who} added you to the account ${ctx.account.name}. ` +
        `Sign in at ${loginLink(config)} and switch to ${ctx.account.name} to start working in it.\n`,
    });
    return memberObject(user.data, accountId, 'joined', { ...events, activated: { at, by } });
  }
  const code = await issueCode(db, user.id, 'invite', accountId);
  await queueMail(db, {
    to: user.email,
    accountId,
    subject: `Invitation to ${ctx.account.name}`,
    text:
      `Hello ${user.data.name},\n\n${who} invited you to join the account ${ctx.account.name}. ` +
      `To accept, set your password here:\n\n${inviteLink(config, code, accountId)}\n\nThe link works once and expires in 7 days.\n`,
  });
  return memberObject(user.data, accountId, 'invited', events);
}

/** POST /accounts/{a}/users: invite by e-mail, creating the user when the e-mail is new. */
export async function inviteMember(
  db: Transaction<DB>,
  ctx: Ctx,
  config: Config,
  input: { email: string; name?: string | null; groups?: { id: string }[] },
): Promise<AccountUser> {
  const email = input.email.trim();
  // Two invitations of the same new address at once: the second waits, then finds the user.
  await sql`select pg_advisory_xact_lock(hashtext(${email.toLowerCase()}))`.execute(db);
  const groupIds = await checkGroups(db, ctx, input.groups ?? []);
  let user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'data'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (user) {
    const member = await db
      .selectFrom('account_users')
      .select('status')
      .where('account_id', '=', ctx.account.id)
      .where('user_id', '=', user.id)
      .forUpdate()
      .executeTakeFirst();
    if (member && (member.status === 'active' || member.status === 'invited')) {
      throw ApiError.badRequest(`email: ${user.email} is already a member of this account.`);
    }
    // A removed or expired membership is replaced by the new invitation.
    if (member)
      await db
        .deleteFrom('account_users')
        .where('account_id', '=', ctx.account.id)
        .where('user_id', '=', user.id)
        .execute();
  } else {
    const name = input.name?.trim() || email.split('@')[0];
    const created = await createUser(db, { email, name });
    user = { id: created.id, email, password_hash: null, data: created };
  }
  await setUserGroups(db, ctx.account.id, user.id, groupIds);
  return invitation(db, ctx, config, user, null);
}

/** reinvite: a new code and e-mail (earlier codes stop working), or joining at once for a user with a password. */
export async function reinviteMember(
  db: Transaction<DB>,
  ctx: Ctx,
  config: Config,
  current: AccountUser,
): Promise<AccountUser> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'data'])
    .where('id', '=', current.id)
    .executeTakeFirstOrThrow();
  return invitation(db, ctx, config, user, current);
}

/** activate: an admin lets an invited user who already has a password join without the e-mail link. */
export async function activateMember(db: Transaction<DB>, ctx: Ctx, current: AccountUser): Promise<AccountUser> {
  const user = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', current.id)
    .executeTakeFirstOrThrow();
  if (!user.password_hash) {
    throw ApiError.badRequest(
      `${current.email} has not set a password yet; the user joins through the invitation link.`,
    );
  }
  await voidInviteCodes(db, current.id, ctx.account.id);
  return {
    ...current,
    status: 'joined',
    active: true,
    events: { ...current.events, activated: { at: now(), by: actorOf(ctx) } },
  };
}

/**
 * DELETE of a member: an invitation is revoked (expired, can be resent); a joined or expired member is
 * removed (deleted) with its groups, and its sessions in the account end.
 */
export async function removeMember(db: Transaction<DB>, ctx: Ctx, current: AccountUser): Promise<AccountUser> {
  if (ctx.user && current.id === ctx.user.id) throw ApiError.badRequest('You cannot remove yourself from the account.');
  const accountId = ctx.account.id;
  const event = { at: now(), by: actorOf(ctx) };
  await voidInviteCodes(db, current.id, accountId);
  if (current.status === 'invited') {
    return { ...current, status: 'expired', active: false, events: { ...current.events, revoked: event } };
  }
  await db.deleteFrom('group_users').where('account_id', '=', accountId).where('user_id', '=', current.id).execute();
  await sql`update sessions set terminated_at = now(),
      data = data || jsonb_build_object('status', 'terminated',
        'events', coalesce(data->'events', '{}'::jsonb) || jsonb_build_object('terminated', jsonb_build_object('at', to_jsonb(now()))))
    where user_id = ${current.id} and account_id = ${accountId} and terminated_at is null`.execute(db);
  await sql`update account_users set status = 'deleted' where account_id = ${accountId} and user_id = ${current.id}`.execute(
    db,
  );
  await ensureAdminRemains(db, accountId);
  return { ...current, status: 'deleted', active: false, events: { ...current.events, deleted: event } };
}

/**
 * An invited membership becomes joined: called by POST /auth/password/set after an 'invite' code
 * that carries an account id has been spent. Returns false when there was no pending invitation.
 */
export async function acceptInvite(db: Db, userId: string, accountId: string): Promise<boolean> {
  const at = JSON.stringify(now());
  const res = await sql`update account_users set status = 'active', updated_at = now(),
      data = data || jsonb_build_object('status', 'joined', 'active', true,
        'events', coalesce(data->'events', '{}'::jsonb) || jsonb_build_object('activated', jsonb_build_object('at', ${at}::jsonb)))
    where user_id = ${userId} and account_id = ${accountId} and status = 'invited'`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}
