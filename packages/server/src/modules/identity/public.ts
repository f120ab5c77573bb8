import { sql } from 'kysely';
import { systemCtx, type Ctx } from '../../http/context.ts';
import type { Db } from '../../resources/engine.ts';

// What other areas may use of identity.

/** An active user of the account, by id or e-mail (assign a request to someone). */
export async function activeMember(db: Db, accountId: string, by: { id?: string; email?: string }) {
  const q = db
    .selectFrom('account_users')
    .innerJoin('users', 'users.id', 'account_users.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('account_users.account_id', '=', accountId)
    .where('account_users.status', '=', 'active');
  const row = by.id
    ? await q.where('users.id', '=', by.id).executeTakeFirst()
    : by.email
      ? await q.where(sql`lower(users.email)`, '=', by.email.toLowerCase()).executeTakeFirst()
      : undefined;
  return row ? { id: row.id, name: row.name, email: row.email } : undefined;
}

/** The active users of the account among `ids`, by id, in one query (a case's agent and recipients). */
export async function activeMembers(db: Db, accountId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { id: string; name: string }>();
  const rows = await db
    .selectFrom('account_users')
    .innerJoin('users', 'users.id', 'account_users.user_id')
    .select(['users.id', 'users.name'])
    .where('account_users.account_id', '=', accountId)
    .where('account_users.status', '=', 'active')
    .where('users.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

/**
 * The active users among `ids` of any of `accountIds`, with their e-mail, in one query (who a mention in a
 * conversation notifies). A user of several of the accounts comes once, with the first of them in `accountIds`.
 */
export async function activeContacts(db: Db, accountIds: readonly string[], ids: readonly string[]) {
  if (!ids.length || !accountIds.length) return [];
  const rows = await db
    .selectFrom('account_users')
    .innerJoin('users', 'users.id', 'account_users.user_id')
    .select(['users.id', 'users.name', 'users.email', 'account_users.account_id'])
    .where('account_users.account_id', 'in', [...accountIds])
    .where('account_users.status', '=', 'active')
    .where('users.id', 'in', [...ids])
    .execute();
  const byUser = new Map<string, { id: string; name: string; email: string; accountId: string }>();
  for (const accountId of accountIds)
    for (const r of rows)
      if (r.account_id === accountId && !byUser.has(r.id))
        byUser.set(r.id, { id: r.id, name: r.name, email: r.email, accountId });
  return [...byUser.values()];
}

/** The sign-in buttons of a portal host: the active SSO services of the account owning its brand (by name). */
export async function ssoButtons(db: Db, accountId: string | undefined) {
  if (!accountId) return [];
  const rows = await db
    .selectFrom('sso_services')
    .select('data')
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .orderBy(sql`data->>'name'`)
    .execute();
  return rows.map(({ data: s }) => ({
    id: s.id as string,
    name: s.name as string,
    ...(s.icon ? { icon: s.icon as string } : {}),
  }));
}

/** An account's helpdesk settings (the defaults until it saves its own): the auto-close timeout of its cases. */
export { helpdeskObject as helpdeskSettingsOf } from './settings/helpdesk.ts';
export { onAccountCreated } from './accounts/hooks.ts';

/** The context an account's background work reads and writes in (a webhook's delivery, a repository's set-up). */
export async function accountCtx(db: Db, accountId: string): Promise<Ctx | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'type', 'data'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const type = row.type as 'vendor' | 'provider';
  return systemCtx({ id: row.id, name: row.name, type, roles: (row.data as any).roles ?? [type] });
}
