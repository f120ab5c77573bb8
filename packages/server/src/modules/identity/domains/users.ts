import { sql } from 'kysely';
import { domainUserResource, type AccountUser, type DomainUser } from '@trellis/domain';
import type { Served } from '../../../resources/engine.ts';

/**
 * /domains/{id}/users: the joined members of the caller's account whose e-mail is at the domain, once the domain is
 * verified (a pending or failed domain proves nothing, so it has no users). Rows of account_users, read only.
 */
export const domainUsers: Served<DomainUser> = {
  decl: domainUserResource,
  table: 'account_users',
  columns: { id: 'user_id' },
  row: (m: AccountUser) => ({ account_id: m.account?.id, user_id: m.id }),
  key: (m: AccountUser) => ({ account_id: m.account?.id, user_id: m.id }),
  parentVisible: async (ctx, params, db) => {
    const row = await db
      .selectFrom('domains')
      .select('id')
      .where('id', '=', params.domainId ?? '')
      .where('account_id', '=', ctx.account.id)
      .where('status', '<>', 'deleted')
      .executeTakeFirst();
    return Boolean(row);
  },
  scope: (ctx, params) => sql<boolean>`t.account_id = ${ctx.account.id} and t.status = 'active' and exists (
      select 1 from domains d where d.id = ${params.domainId ?? ''} and d.account_id = ${ctx.account.id}
      and d.status = 'verified' and split_part(lower(t.data->>'email'), '@', 2) = d.domain)`,
  async presentMany(users, _ctx, _include, db) {
    if (!users.length) return users;
    const domain = await db
      .selectFrom('domains')
      .select(['id', 'domain'])
      .where('account_id', '=', users[0].account?.id ?? '')
      .where('status', '=', 'verified')
      .where('domain', '=', users[0].email.split('@')[1]?.toLowerCase() ?? '')
      .executeTakeFirst();
    return users.map((u) => ({ ...u, ...(domain ? { domain: { id: domain.id, name: domain.domain } } : {}) }));
  },
};
