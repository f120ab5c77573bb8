import { sql } from 'kysely';
import { accountResource, type Account } from '@trellis/domain';
import { can } from '../../../http/context.ts';
import { managedAccountIds } from './tree.ts';
import { registerResource } from '../../../resources/routes.ts';
import type { Served } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { brandsOfAccounts } from '../../branding/public.ts';

/**
 * A user sees the accounts it is an active member of; a token only its own account; a session logged in as another
 * user (impersonation) only the account it works in. With the users module (MD-0001) the accounts the current
 * account manages (opened with its invitations, and theirs) are listed too, read-only.
 */
export const accounts: Served<Account> = {
  decl: accountResource,
  table: 'accounts',
  columns: { id: 'id', name: 'name', type: 'type', 'events.created.at': 'created_at' },
  row: (a) => ({
    id: a.id,
    name: a.name,
    type: a.type,
    created_at: a.events.created.at,
    updated_at: a.events.updated?.at ?? a.events.created.at,
  }),
  scope: (ctx) => {
    const own =
      ctx.user && !ctx.impersonator
        ? sql<boolean>`t.id in (select account_id from account_users where user_id = ${ctx.user.id} and status = 'active')`
        : sql<boolean>`t.id = ${ctx.account.id}`;
    return can(ctx, accountResource.module)
      ? sql<boolean>`(${own} or t.id in ${managedAccountIds(ctx.account.id)})`
      : own;
  },
  // Only the account you are working in can be edited.
  canWrite: (ctx, params) => params.id === undefined || params.id === ctx.account.id,
  // the brand each account shows: its own, else its parent's (branding decides)
  async presentMany(list, _ctx, _include, db) {
    const brands = await brandsOfAccounts(
      db,
      list.map((a) => a.id),
    );
    return list.map((a) => ({ ...a, brand: brands.get(a.id) }));
  },
  // Settings merge part by part, so changing the MFA policy keeps whatever else is stored there.
  update: async (_ctx, current, input) => ({
    ...current,
    ...input,
    ...(input.settings ? { settings: { ...current.settings, ...input.settings } } : {}),
  }),
};

export function accountRoutes({ app, db }: Api) {
  registerResource(app, db, accounts);
}
