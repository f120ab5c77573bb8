import { inList } from '../../../db/in-list.ts';
import { sql } from 'kysely';
import { MODULES, groupResource, permissionModule, type Group, type PermissionInput } from '@trellis/domain';
import { actorOf, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { newId } from '../../../resources/ids.ts';
import type { Served } from '../../../resources/engine.ts';
import { assertGrantable, assertWithinPower, ensureAdminRemains } from '../users/service.ts';

export type GroupPermission = Group['permissions'][number];
export const moduleOf = (p: GroupPermission) => p.object?.id ?? p.id;

/** Module ids named by permission inputs; 400 naming the first that does not exist for this account type. */
export function modulesOf(ctx: Ctx, inputs: PermissionInput[]): string[] {
  const known = new Set(MODULES.filter((m) => m.visibleTo.includes(ctx.account.type)).map((m) => m.id));
  const ids = [...new Set(inputs.map(permissionModule))];
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw ApiError.badRequest(`permissions: module ${unknown} does not exist.`);
  assertGrantable(ctx, ids);
  return ids;
}

/** A group granting a module the caller does not hold is out of the caller's reach: no change of any kind (403). */
export function assertGroupWithinPower(ctx: Ctx, group: Group): void {
  assertWithinPower(ctx, group.permissions.map(moduleOf), `group ${group.name} (${group.id})`);
}

export function grant(ctx: Ctx, modules: string[]): GroupPermission[] {
  const granted = { at: new Date().toISOString(), by: actorOf(ctx) };
  return modules.map((id) => ({ id, object: { id }, events: { granted } }));
}

/** /accounts/{a}/groups: the caller's account's groups; their permissions decide what members may do. */
export const groups: Served<Group> = {
  decl: groupResource,
  table: 'groups',
  columns: { id: 'id', name: 'name', 'events.created.at': 'created_at' },
  row: (g) => ({
    id: g.id,
    account_id: g.account!.id,
    name: g.name,
    created_at: g.events.created?.at ?? new Date().toISOString(),
    updated_at: g.events.updated?.at ?? new Date().toISOString(),
  }),
  parentVisible: (ctx, params) => params.accountId === undefined || params.accountId === ctx.account.id,
  scope: (ctx, params) =>
    params.accountId === undefined || params.accountId === ctx.account.id
      ? sql<boolean>`t.account_id = ${ctx.account.id}`
      : sql<boolean>`false`,
  presentMany: async (gs, _ctx, _include, db) => {
    const { rows } = await sql<{ group_id: string; n: string }>`select gu.group_id, count(*) as n from group_users gu
      join account_users au on au.account_id = gu.account_id and au.user_id = gu.user_id
      where ${inList(
        sql`gu.group_id`,
        gs.map((g) => g.id),
      )} and au.status <> 'deleted' group by gu.group_id`.execute(db);
    const counts = new Map(rows.map((r) => [r.group_id, Number(r.n)]));
    return gs.map((g) => ({ ...g, stats: { users: counts.get(g.id) ?? 0 } }));
  },
  create: async (ctx, input, params) => {
    if (params.accountId !== ctx.account.id) throw ApiError.notFound('Account');
    return {
      id: newId('UG', 3, 3),
      name: input.name,
      description: input.description ?? '',
      color: input.color ?? null,
      external_id: input.external_id ?? null,
      revision: 1,
      account: { id: ctx.account.id },
      permissions: grant(ctx, modulesOf(ctx, input.permissions ?? [])),
      events: {},
    };
  },
  update: async (
    ctx,
    current,
    input: Partial<Record<'name' | 'description' | 'color' | 'external_id', string | null>>,
  ) => {
    assertGroupWithinPower(ctx, current);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    return {
      ...current,
      ...changes,
      name: input.name ?? current.name,
      description: input.description ?? current.description,
      revision: current.revision + 1,
    };
  },
  // Deleting a group takes its members' permissions away, so the account must keep an admin.
  remove: async (ctx, current, _params, db) => {
    assertGroupWithinPower(ctx, current);
    await db.deleteFrom('groups').where('id', '=', current.id).execute();
    await ensureAdminRemains(db, ctx.account.id);
  },
};
