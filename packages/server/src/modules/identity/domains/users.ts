import { sql } from 'kysely';
import { domainUserResource, type AccountUser, type DomainUser, type DomainUserUpdate } from '@trellis/domain';
import type { Served } from '../../../resources/engine.ts';
import { ownIdp } from '../sso/idps.ts';

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
      .select(['id', 'domain', 'data'])
      .where('account_id', '=', users[0].account?.id ?? '')
      .where('status', '=', 'verified')
      .where('domain', '=', users[0].email.split('@')[1]?.toLowerCase() ?? '')
      .executeTakeFirst();
    const link = (domain?.data as { auth?: { idp: { id: string }; enforce: boolean } } | undefined)?.auth;
    const ids = [
      ...new Set([link?.idp.id, ...users.map((u) => (u as Stored).sso_idp?.id)].filter(Boolean)),
    ] as string[];
    const idps = ids.length ? await db.selectFrom('idps').select(['id', 'data']).where('id', 'in', ids).execute() : [];
    const refOf = (id: string | undefined) => {
      const d = idps.find((r) => r.id === id)?.data as { id: string; name: string; type: string } | undefined;
      return d ? { id: d.id, name: d.name, type: d.type } : undefined;
    };
    return users.map(({ sso_idp, ...u }: Stored) => {
      // auth.DomainAuthRead: the user's own IdP, else the domain's; `enforce` is the domain's
      const idp = refOf(sso_idp?.id) ?? refOf(link?.idp.id);
      return {
        ...u,
        ...(domain ? { domain: { id: domain.id, name: domain.domain } } : {}),
        ...(idp ? { auth: { idp, enforce: Boolean(link?.enforce) } } : {}),
      } as DomainUser;
    });
  },
  presents: () => true,

  // PUT /domains/{id}/users/{pk} {idp: {id}}: the user's own identity provider (one of the account's), null unsets
  async update(ctx, current, input: DomainUserUpdate, _params, db) {
    const next: Stored = { ...(current as Stored) };
    if (input.idp === null) delete next.sso_idp;
    else next.sso_idp = { id: (await ownIdp(db, ctx, input.idp.id, 'idp.id')).id };
    return next as DomainUser;
  },
};

/** The membership as stored: the user's own IdP link is kept as `sso_idp` (shown as `auth`). */
type Stored = DomainUser & { sso_idp?: { id: string } };
