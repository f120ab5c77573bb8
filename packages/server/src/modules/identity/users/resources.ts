import { sql } from 'kysely';
import { groupBy, inList } from '../../../db/in-list.ts';
import {
  IMPERSONATION_MODULE,
  accountUserResource,
  groupUserResource,
  userAccountResource,
  userResource,
  type AccountUser,
} from '@trellis/domain';
import type { Config } from '../../../config.ts';
import { can, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import type { Db, Params, Served } from '../../../resources/engine.ts';
import { isManagedBy, managedAccountIds } from '../accounts/tree.ts';
import { profileOf, storedStatus, syncProfile } from './member.ts';
import { isSelf, memberOfCallerAccount, pathUser, type PathUser } from './path-user.ts';
import {
  activateMember,
  assertWithinPower,
  checkGroups,
  ensureAdminRemains,
  groupsOf,
  inviteMember,
  memberModules,
  reinviteMember,
  removeMember,
  setUserGroups,
} from './service.ts';

/** Rows of account_users, keyed by (account, user); `data` holds the member object (see member.ts). */
const memberStorage = {
  table: 'account_users' as const,
  columns: { id: 'user_id', 'events.created.at': 'created_at' },
  row: (m: AccountUser) => ({
    account_id: m.account!.id,
    user_id: m.id,
    status: storedStatus(m.status),
    created_at: m.events.created?.at ?? new Date().toISOString(),
    updated_at: m.events.updated?.at ?? new Date().toISOString(),
  }),
  key: (m: AccountUser) => ({ account_id: m.account!.id, user_id: m.id }),
};

/** The account in the path must be the one the caller works in. */
export const ownAccount = (ctx: Ctx, params: Params) =>
  params.accountId === undefined || params.accountId === ctx.account.id;

/** Only the account the caller works in; another account in the path matches nothing (404). */
const inAccount = (ctx: Ctx, params: Params) =>
  params.accountId === undefined || params.accountId === ctx.account.id
    ? sql<boolean>`t.account_id = ${ctx.account.id}`
    : sql<boolean>`false`;

/**
 * The members of an account the caller's account manages are readable (to log in as one of them, identity/impersonation)
 * with the impersonation module; never writable.
 */
const managedMembers = (ctx: Ctx, params: Params) =>
  params.accountId !== undefined &&
  params.accountId !== ctx.account.id &&
  !ctx.impersonator &&
  can(ctx, IMPERSONATION_MODULE);

/** Members with their groups (and, on `select(+permissions)`, their modules): one query each for the whole page. */
async function withGroups(members: AccountUser[], db: Db, include: string[]): Promise<AccountUser[]> {
  if (!members.length) return members;
  const accountId = members[0].account?.id ?? '';
  const userIds = members.map((m) => m.id);
  const groups = groupBy(
    await db
      .selectFrom('group_users as gu')
      .innerJoin('groups as g', 'g.id', 'gu.group_id')
      .select(['gu.user_id', 'g.id', 'g.name'])
      .where('gu.account_id', '=', accountId)
      .where('gu.user_id', 'in', userIds)
      .orderBy('g.name')
      .execute(),
    (r) => r.user_id,
  );
  let permissions = new Map<string, { id: string }[]>();
  if (include.includes('permissions')) {
    const { rows } = await sql<{
      user_id: string;
      id: string;
    }>`select distinct gu.user_id, coalesce(p.value #>> '{object,id}', p.value->>'id') as id
      from group_users gu join groups g on g.id = gu.group_id cross join lateral jsonb_array_elements(g.data->'permissions') p
      where ${inList(sql`gu.user_id`, userIds)} and gu.account_id = ${accountId} order by 2`.execute(db);
    permissions = groupBy(rows, (r) => r.user_id);
  }
  return members.map((m) => {
    const out: AccountUser = { ...m, groups: (groups.get(m.id) ?? []).map((g) => ({ id: g.id, name: g.name })) };
    if (include.includes('permissions'))
      out.permissions = (permissions.get(m.id) ?? []).map((r) => ({ id: r.id, object: { id: r.id } }));
    return out;
  });
}

/** A member holding a module the caller does not hold is out of the caller's reach (403). */
async function assertMemberWithinPower(db: Db, ctx: Ctx, member: AccountUser) {
  assertWithinPower(ctx, await memberModules(db, ctx.account.id, member.id), `user ${member.id}`);
}

/** /accounts/{a}/users: the members (invited, joined, expired) of the caller's account. */
export function accountUsers(config: Config): Served<AccountUser> {
  return {
    decl: accountUserResource,
    ...memberStorage,
    scope: (ctx, params) =>
      managedMembers(ctx, params)
        ? sql<boolean>`t.account_id = ${params.accountId} and t.account_id in ${managedAccountIds(ctx.account.id)}
            and t.status <> 'deleted'`
        : sql<boolean>`${inAccount(ctx, params)} and t.status <> 'deleted'`,
    parentVisible: async (ctx, params, db) =>
      ownAccount(ctx, params) ||
      (managedMembers(ctx, params) && (await isManagedBy(db, params.accountId, ctx.account.id))),
    canWrite: ownAccount,
    presentMany: (ms, _ctx, include, db) => withGroups(ms, db, include),
    create: (ctx, input, params, db) => {
      if (params.accountId !== ctx.account.id) throw ApiError.notFound('Account');
      return inviteMember(db, ctx, config, input);
    },
    update: async (ctx, current, input: { groups: { id: string }[] }, _params, db) => {
      await assertMemberWithinPower(db, ctx, current);
      const held = (await groupsOf(db, ctx.account.id, current.id)).map((g) => g.id);
      await setUserGroups(db, ctx.account.id, current.id, await checkGroups(db, ctx, input.groups, held));
      await ensureAdminRemains(db, ctx.account.id);
      return current;
    },
    remove: async (ctx, current, _params, db) => {
      await assertMemberWithinPower(db, ctx, current);
      return removeMember(db, ctx, current);
    },
    actions: {
      reinvite: async (ctx, current, _body, _params, db) => {
        await assertMemberWithinPower(db, ctx, current);
        return reinviteMember(db, ctx, config, current);
      },
      activate: async (ctx, current, _body, _params, db) => {
        await assertMemberWithinPower(db, ctx, current);
        return activateMember(db, ctx, current);
      },
    },
  };
}

/**
 * /users: the joined and invited users of the current account. Without MD-0001 a caller sees
 * only itself; anyone may edit its own profile.
 */
export const users: Served<AccountUser> = {
  decl: userResource,
  ...memberStorage,
  scope: (ctx) => {
    const self = can(ctx, accountUserResource.module)
      ? sql<boolean>`true`
      : sql<boolean>`t.user_id = ${ctx.user?.id ?? ''}`;
    return sql<boolean>`t.account_id = ${ctx.account.id} and t.status in ('active', 'invited') and ${self}`;
  },
  presentMany: (ms, _ctx, include, db) => withGroups(ms, db, include),
  update: async (
    ctx,
    current,
    input: { name?: string; timezone?: string; timeformat?: string; region?: string },
    _params,
    db,
  ) => {
    if (!ctx.user || ctx.user.id !== current.id) throw ApiError.forbidden('Only the user itself can edit its profile.');
    const row = await db
      .selectFrom('users')
      .select('data')
      .where('id', '=', current.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const data = {
      ...row.data,
      ...changes,
      events: { ...row.data.events, updated: { at: new Date().toISOString(), by: ctx.user } },
    };
    await db
      .updateTable('users')
      .set({ name: data.name, updated_at: data.events.updated.at, data: JSON.stringify(data) })
      .where('id', '=', current.id)
      .execute();
    await syncProfile(db, data);
    return { ...current, ...profileOf(data) };
  },
};

/** /accounts/{a}/groups/{g}/users: members of one group of the caller's account (the route checks the group). */
export const groupUsers: Served<AccountUser> = {
  decl: groupUserResource,
  ...memberStorage,
  scope: (ctx, params) => sql<boolean>`${inAccount(ctx, params)} and t.status <> 'deleted' and t.user_id in
    (select user_id from group_users where group_id = ${params.groupId ?? ''} and account_id = ${ctx.account.id})`,
};

type GroupBase = { id: string; name: string; description: string; revision: number };
type UserAccount = { id: string; name: string; type: string; role: string; groups?: GroupBase[] };

/**
 * The user whose accounts a request lists, as `parentVisible` resolved it: `presentMany` is handed no path parameters,
 * and it shows that user's groups (not the caller's) in each account.
 */
const accountsOwner = new WeakMap<Ctx, PathUser>();

/**
 * /users/{u}/accounts (reference auth.UserAccount): the user itself sees every account it has joined; a caller with
 * the users module sees a user of its account through that account only, never the user's other tenants (path-user.ts).
 */
export const userAccounts: Served<UserAccount> = {
  decl: userAccountResource,
  table: 'accounts',
  columns: { id: 'id', name: 'name', type: 'type', 'events.created.at': 'created_at' },
  row: (a) => ({ id: a.id }),
  parentVisible: async (ctx, params, db) => {
    const user = await pathUser(db, ctx, params.userId);
    if (user) accountsOwner.set(ctx, user);
    return user !== null;
  },
  scope: (ctx, params) => {
    const userId = params.userId ?? '';
    return isSelf(ctx, userId)
      ? sql<boolean>`t.id in (select account_id from account_users where user_id = ${userId} and status = 'active')`
      : sql<boolean>`t.id = ${ctx.account.id} and ${memberOfCallerAccount(ctx, userId)}`;
  },
  // up to 500 accounts a page (spec §9): the user's groups in all of them in one query
  presentMany: async (accounts, ctx, _include, db) => {
    const userId = accountsOwner.get(ctx)?.id ?? ctx.user?.id ?? '';
    const groups = groupBy(
      await db
        .selectFrom('group_users as gu')
        .innerJoin('groups as g', 'g.id', 'gu.group_id')
        .select([
          'gu.account_id',
          'g.id',
          'g.name',
          sql<string>`coalesce(g.data->>'description', '')`.as('description'),
          sql<number>`coalesce((g.data->>'revision')::int, 1)`.as('revision'),
        ])
        .where('gu.user_id', '=', userId)
        .where('gu.account_id', 'in', accounts.length ? accounts.map((a) => a.id) : [''])
        .orderBy('g.name')
        .execute(),
      (r) => r.account_id,
    );
    return accounts.map((a) => ({
      ...a,
      groups: (groups.get(a.id) ?? []).map((g) => ({
        id: g.id,
        name: g.name,
        description: g.description,
        revision: Number(g.revision),
      })),
    }));
  },
};
