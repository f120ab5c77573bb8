import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  GroupUserChangeMembership,
  GroupUsersReplace,
  TokenPermissionsBody,
  permissionFilters,
  permissionModule,
  type Group,
  type PermissionInput,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { rawQuery, requireCtx, sendList } from '../../../http/reply.ts';
import { recordAudit } from '../../../resources/audit.ts';
import {
  getObject,
  listObjects,
  parseBody,
  parseQuery,
  presentObject,
  stampUpdated,
  updateObject,
  type Params,
} from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import type { Api } from '../../types.ts';
import { jsonSpec, listJson } from '../users/json-list.ts';
import { groupUsers } from '../users/resources.ts';
import { assertGrantable, ensureAdminRemains } from '../users/service.ts';
import { assertGroupWithinPower, grant, groups, moduleOf, modulesOf } from './resources.ts';

const permissionSpec = jsonSpec(permissionFilters, ['id', 'object.id'], ['id', 'object.id']);
const usersPath = '/accounts/:accountId/groups/:groupId/users';
const permissionsPath = '/accounts/:accountId/groups/:groupId/permissions';

describeRoute('get', usersPath, { summary: 'Members of the group (RQL on id, name, email)', tag: 'groups' });
describeRoute('get', `${usersPath}/:id`, { summary: 'One member of the group', tag: 'groups' });
describeRoute('post', usersPath, {
  summary: 'Add a member ({id}, or a list of them)',
  tag: 'groups',
  body: GroupUserChangeMembership,
  status: 201,
});
describeRoute('delete', usersPath, {
  summary: 'Remove a member ({id} in the body, or ?id=)',
  tag: 'groups',
  body: GroupUserChangeMembership,
  status: 204,
});
describeRoute('put', usersPath, {
  summary: 'Replace the members at once (all or nothing)',
  tag: 'groups',
  body: GroupUsersReplace,
});
describeRoute('get', permissionsPath, {
  summary: 'Modules granted to the group (RQL on id, object.id)',
  tag: 'groups',
});
describeRoute('post', permissionsPath, {
  summary: 'Grant modules: {id}, {object: {id}}, or a list',
  tag: 'groups',
  body: TokenPermissionsBody,
  status: 201,
});
describeRoute('delete', permissionsPath, {
  summary: 'Revoke modules ({id} in the body, or ?id=)',
  tag: 'groups',
  body: TokenPermissionsBody,
  status: 204,
});

/** A change to a group's members or permissions: one transaction, group row locked, audited, admin kept. */
async function changeGroup<R>(
  db: Kysely<DB>,
  ctx: Ctx,
  params: Params,
  action: string,
  change: (group: Group, trx: Transaction<DB>) => Promise<{ group?: Group; before: object; after: object; result: R }>,
): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const group = await getObject(groups, ctx, params, params.groupId, trx, { lock: true });
    assertGroupWithinPower(ctx, group);
    const out = await change(group, trx);
    if (out.group) await updateObject(groups, stampUpdated(ctx, { ...out.group, revision: group.revision + 1 }), trx);
    await ensureAdminRemains(trx, ctx.account.id);
    await recordAudit(trx, ctx, {
      res: groups,
      objectId: group.id,
      action,
      owner: ctx.account.id,
      before: out.before,
      after: out.after,
    });
    return out.result;
  });
}

async function memberIds(trx: Transaction<DB>, groupId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('group_users')
    .select('user_id')
    .where('group_id', '=', groupId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Users must be invited or joined members of the account; 400 names the first that is not. */
async function checkMembers(trx: Transaction<DB>, accountId: string, ids: string[]) {
  if (!ids.length) return;
  const rows = await trx
    .selectFrom('account_users')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('user_id', 'in', ids)
    .where('status', 'in', ['active', 'invited'])
    .execute();
  const known = new Set(rows.map((r) => r.user_id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw ApiError.badRequest(`id: user ${missing} is not a member of this account.`);
}

/** Ids from the body ({id} or a list of them), or `?id=a,b` on DELETE (some clients send no body). */
function idsOf(req: FastifyRequest): string[] {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if ((req.body === undefined || req.body === null) && typeof query.id === 'string')
    return query.id.split(',').filter(Boolean);
  const body = Array.isArray(req.body)
    ? parseBody(GroupUsersReplace, req.body)
    : [parseBody(GroupUserChangeMembership, req.body)];
  return [...new Set(body.map((b) => b.id))];
}

function permissionInputs(req: FastifyRequest): PermissionInput[] {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if ((req.body === undefined || req.body === null) && typeof query.id === 'string')
    return query.id.split(',').filter(Boolean);
  const body = parseBody(TokenPermissionsBody, req.body);
  return Array.isArray(body) ? body : [body];
}

export function groupRoutes({ app, db }: Api) {
  registerResource(app, db, groups);

  const params = (req: FastifyRequest) => req.params as Params;
  /** Another tenant's group is a 404 before the body is read (a 400 would confirm that it exists). */
  const visibleGroup = (ctx: Ctx, p: Params) => getObject(groups, ctx, p, p.groupId, db);

  /** The group's members with the time each was added (events.added). */
  async function listMembers(ctx: Ctx, p: Params, raw: string) {
    const group = await getObject(groups, ctx, p, p.groupId, db);
    const page = await listObjects(groupUsers, ctx, p, parseQuery(raw), db);
    const added = await db
      .selectFrom('group_users')
      .select(['user_id', 'created_at'])
      .where('group_id', '=', group.id)
      .execute();
    const at = new Map(added.map((r) => [r.user_id, new Date(r.created_at).toISOString()]));
    return { ...page, items: page.items.map((m) => ({ ...m, events: { ...m.events, added: { at: at.get(m.id) } } })) };
  }

  app.get(usersPath, async (req, reply) => {
    const page = await listMembers(requireCtx(req), params(req), rawQuery(req));
    return sendList(reply, page.items, page.offset, page.total);
  });

  app.get(`${usersPath}/:id`, async (req) => {
    const ctx = requireCtx(req);
    const p = params(req);
    await getObject(groups, ctx, p, p.groupId, db);
    return presentObject(groupUsers, ctx, await getObject(groupUsers, ctx, p, p.id, db), db);
  });

  // Add members ({id} or a list); adding one already in the group is not an error.
  app.post(usersPath, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    await visibleGroup(ctx, p);
    const ids = idsOf(req);
    await changeGroup(db, ctx, p, 'add-users', async (group, trx) => {
      const before = await memberIds(trx, group.id);
      await checkMembers(trx, ctx.account.id, ids);
      assertGrantable(ctx, group.permissions.map(moduleOf));
      for (const id of ids) {
        await trx
          .insertInto('group_users')
          .values({ group_id: group.id, user_id: id, account_id: ctx.account.id, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return { before: { users: before }, after: { users: await memberIds(trx, group.id) }, result: null };
    });
    const members = await Promise.all(ids.map((id) => getObject(groupUsers, ctx, p, id, db)));
    return reply.code(201).send(Array.isArray(req.body) ? members : members[0]);
  });

  app.delete(usersPath, async (req, reply) => {
    const ctx = requireCtx(req);
    await visibleGroup(ctx, params(req));
    const ids = idsOf(req);
    await changeGroup(db, ctx, params(req), 'remove-users', async (group, trx) => {
      const before = await memberIds(trx, group.id);
      const missing = ids.find((id) => !before.includes(id));
      if (missing) throw ApiError.badRequest(`id: user ${missing} is not in group ${group.name}.`);
      await trx.deleteFrom('group_users').where('group_id', '=', group.id).where('user_id', 'in', ids).execute();
      return { before: { users: before }, after: { users: await memberIds(trx, group.id) }, result: null };
    });
    return reply.code(204).send();
  });

  // Replace the members at once: all or nothing, so a failed add never leaves the group half changed (spec §8).
  app.put(usersPath, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    await visibleGroup(ctx, p);
    const ids = [...new Set(parseBody(GroupUsersReplace, req.body).map((b) => b.id))];
    await changeGroup(db, ctx, p, 'replace-users', async (group, trx) => {
      const before = await memberIds(trx, group.id);
      await checkMembers(trx, ctx.account.id, ids);
      if (ids.some((id) => !before.includes(id))) assertGrantable(ctx, group.permissions.map(moduleOf));
      await trx
        .deleteFrom('group_users')
        .where('group_id', '=', group.id)
        .$if(ids.length > 0, (q) => q.where('user_id', 'not in', ids))
        .execute();
      for (const id of ids) {
        await trx
          .insertInto('group_users')
          .values({ group_id: group.id, user_id: id, account_id: ctx.account.id, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return { before: { users: before }, after: { users: await memberIds(trx, group.id) }, result: null };
    });
    const page = await listMembers(ctx, p, '');
    return sendList(reply, page.items, page.offset, page.total);
  });

  app.get(permissionsPath, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    const group = await getObject(groups, ctx, p, p.groupId, db);
    const page = await listJson(db, group.permissions, parseQuery(rawQuery(req)), permissionSpec);
    return sendList(reply, page.items, page.offset, page.total);
  });

  // Grant modules; ones the group already has are left as they are.
  app.post(permissionsPath, async (req, reply) => {
    const ctx = requireCtx(req);
    await visibleGroup(ctx, params(req));
    const inputs = permissionInputs(req);
    const modules = modulesOf(ctx, inputs);
    const granted = await changeGroup(db, ctx, params(req), 'grant', async (group) => {
      const held = new Set(group.permissions.map(moduleOf));
      const permissions = [
        ...group.permissions,
        ...grant(
          ctx,
          modules.filter((m) => !held.has(m)),
        ),
      ];
      return {
        group: { ...group, permissions },
        before: { permissions: group.permissions },
        after: { permissions },
        result: permissions.filter((x) => modules.includes(moduleOf(x))),
      };
    });
    return reply.code(201).send(Array.isArray(req.body) ? granted : granted[0]);
  });

  app.delete(permissionsPath, async (req, reply) => {
    const ctx = requireCtx(req);
    await visibleGroup(ctx, params(req));
    const remove = new Set(permissionInputs(req).map(permissionModule));
    await changeGroup(db, ctx, params(req), 'revoke', async (group) => {
      const held = new Set(group.permissions.map(moduleOf));
      for (const m of remove)
        if (!held.has(m)) throw ApiError.badRequest(`permissions: module ${m} is not granted to group ${group.name}.`);
      const permissions = group.permissions.filter((x) => !remove.has(moduleOf(x)));
      return {
        group: { ...group, permissions },
        before: { permissions: group.permissions },
        after: { permissions },
        result: null,
      };
    });
    return reply.code(204).send();
  });
}
