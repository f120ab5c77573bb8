import { sql } from 'kysely';
import {
  ssoServiceResource,
  type Idp,
  type SsoService,
  type SsoServiceCreate,
  type SsoServiceUpdate,
} from '@trellis/domain';
import { API_BASE } from '../../../openapi/openapi.ts';
import type { Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { ownIdp } from './idps.ts';
import { ssoServiceTable } from './tables.ts';

/** Where a service's sign-in starts, relative to the API's host (GET /sso/services/{id}/login makes it absolute). */
export const startPath = (idpId: string, serviceId: string) =>
  `${API_BASE}/auth/sso/${encodeURIComponent(idpId)}/start?service=${encodeURIComponent(serviceId)}`;

const idpRef = (i: Idp) => ({ id: i.id, name: i.name, type: i.type });

/** /sso/services: the account's sign-in buttons, each starting a sign-in with one of its identity providers. */
export const ssoServices: Served<SsoService> = {
  decl: ssoServiceResource,
  table: ssoServiceTable,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  owner: (s) => s.owner.id,

  // the IdP's current name and type (it may have been renamed since)
  async presentMany(list, _ctx, _include, db) {
    const ids = [...new Set(list.map((s) => s.idp.id))];
    if (!ids.length) return list;
    const rows = await db.selectFrom('idps').select(['id', 'data']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r.data as Idp]));
    return list.map((s) => {
      const idp = byId.get(s.idp.id);
      return idp ? { ...s, idp: idpRef(idp) } : s;
    });
  },
  presents: () => true,

  async create(ctx, input: SsoServiceCreate, _params, db) {
    const idp = await ownIdp(db, ctx, input.idp.id, 'idp.id');
    const id = newId('SSO', 2, 4);
    return {
      id,
      name: input.name,
      description: input.description ?? '',
      idp: idpRef(idp),
      status: input.status ?? 'active',
      owner: { id: ctx.account.id, name: ctx.account.name },
      login: { method: 'GET', url: startPath(idp.id, id) },
      events: {},
    };
  },

  async update(ctx, current, input: SsoServiceUpdate, _params, db) {
    const next = { ...current };
    if (input.name !== undefined) next.name = input.name;
    if (input.description !== undefined) next.description = input.description ?? '';
    if (input.status !== undefined) next.status = input.status;
    if (input.idp) {
      const idp = await ownIdp(db, ctx, input.idp.id, 'idp.id');
      next.idp = idpRef(idp);
      next.login = { method: 'GET', url: startPath(idp.id, current.id) };
    }
    return next;
  },
};
