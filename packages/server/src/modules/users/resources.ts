import { sql } from 'kysely';
import {
  accountUserResource, groupUserResource, userAccountResource, userResource, type AccountUser,
} from '@trellis/domain';
import type { Config } from '../../config.ts';
import { can, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Params, Served } from '../../resources/engine.ts';
import { profileOf, storedStatus, syncProfile } from './member.ts';
import {
  activateMember, checkGroups, ensureAdminRemains, groupsOf, inviteMember, reinviteMember, removeMember, setUserGroups,
} from './service.ts';

/** Rows of account_users, keyed by (account, user); `data` holds the member object (see member.ts). */
const memberStorage = {
  table: 'account_users' as const,
  columns: { id: 'user_id', 'events.created.at': 'created_at' },
  row: (m: AccountUser) => ({
    account_id: m.account!.id, user_id: m.id, status: storedStatus(m.status),
    created_at: m.events.created?.at ?? new Date().toISOString(), updated_at: m.events.updated?.at ?? new Date().toISOString(),
  }),
  key: (m: AccountUser) => ({ account_id: m.account!.id, user_id: m.id }),
};

/** The account in the path must be the one the caller works in. */
export const ownAccount = (ctx: Ctx, params: Params) => params.accountId === undefined || params.accountId === ctx.account.id;

/** Only the account the caller works in; another account in the path matches nothing (404). */
const inAccount = (ctx: Ctx, params: Params) =>
  params.accountId === undefined || params.accountId === ctx.account.id
    ? sql<boolean>`t.account_id = ${ctx.account.id}`
    : sql<boolean>`false`;

async function withGroups(m: AccountUser, db: Db, include: string[]): Promise<AccountUser> {
  const accountId = m.account?.id ?? '';
  const out: AccountUser = { ...m, groups: await groupsOf(db, accountId, m.id) };
  if (include.includes('permissions')) {
    const { rows } = await sql<{ id: string }>`select distinct coalesce(p.value #>> '{object,id}', p.value->>'id') as id
      from group_users gu join groups g on g.id = gu.group_id cross join lateral jsonb_array_elements(g.data->'permissions') p
      where gu.user_id = ${m.id} and gu.account_id = ${accountId} order by 1`.execute(db);
    out.permissions = rows.map((r) => ({ id: r.id, object: { id: r.id } }));
  }
  return out;
}

/** /accounts/{a}/users: the members (invited, joined, expired) of the caller's account. */
export function accountUsers(config: Config): Served<AccountUser> {
  return {
    decl: accountUserResource,
    ...memberStorage,
    scope: (ctx, params) => sql<boolean>`${inAccount(ctx, params)} and t.status <> 'deleted'`,
    parentVisible: ownAccount,
    present: (m, _ctx, include, db) => withGroups(m, db, include),
    create: (ctx, input, params, db) => {
      if (params.accountId !== ctx.account.id) throw ApiError.notFound('Account');
      return inviteMember(db, ctx, config, input);
    },
    update: async (ctx, current, input: { groups: { id: string }[] }, _params, db) => {
      const held = (await groupsOf(db, ctx.account.id, current.id)).map((g) => g.id);
      await setUserGroups(db, ctx.account.id, current.id, await checkGroups(db, ctx, input.groups, held));
      await ensureAdminRemains(db, ctx.account.id);
      return current;
    },
    remove: (ctx, current, _params, db) => removeMember(db, ctx, current),
    actions: {
      reinvite: (ctx, current, _body, _params, db) => reinviteMember(db, ctx, config, current),
      activate: (ctx, current, _body, _params, db) => activateMember(db, ctx, current),
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
    const self = can(ctx, accountUserResource.module) ? sql<boolean>`true` : sql<boolean>`t.user_id = ${ctx.user?.id ?? ''}`;
    return sql<boolean>`t.account_id = ${ctx.account.id} and t.status in ('active', 'invited') and ${self}`;
  },
  present: (m, _ctx, include, db) => withGroups(m, db, include),
  update: async (ctx, current, input: { name?: string; timezone?: string; timeformat?: string; region?: string }, _params, db) => {
    if (!ctx.user || ctx.user.id !== current.id) throw ApiError.forbidden('Only the user itself can edit its profile.');
    const row = await db.selectFrom('users').select('data').where('id', '=', current.id).forUpdate().executeTakeFirstOrThrow();
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const data = { ...row.data, ...changes, events: { ...row.data.events, updated: { at: new Date().toISOString(), by: ctx.user } } };
    await db.updateTable('users').set({ name: data.name, updated_at: data.events.updated.at, data: JSON.stringify(data) })
      .where('id', '=', current.id).execute();
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

type UserAccount = { id: string; name: string; type: string; role: string; groups?: { id: string; name: string }[] };

/** /users/{u}/accounts: the accounts a user has joined; only the user itself sees them. */
export const userAccounts: Served<UserAccount> = {
  decl: userAccountResource,
  table: 'accounts',
  columns: { id: 'id', name: 'name', type: 'type', 'events.created.at': 'created_at' },
  row: (a) => ({ id: a.id }),
  parentVisible: (ctx, params) => ctx.user?.id === params.userId,
  scope: (ctx, params) => ctx.user && params.userId === ctx.user.id
    ? sql<boolean>`t.id in (select account_id from account_users where user_id = ${ctx.user.id} and status = 'active')`
    : sql<boolean>`false`,
  present: async (a, ctx, _include, db) => ({ ...a, groups: await groupsOf(db, a.id, ctx.user?.id ?? '') }),
};
