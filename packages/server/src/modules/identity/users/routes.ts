import type { FastifyRequest } from 'fastify';
import { MODULES, RECENTS_MAX, UserSettingValue, moduleFilters } from '@trellis/domain';
import { ApiError } from '../../../http/errors.ts';
import { rawQuery, requireCtx, sendList } from '../../../http/reply.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { parseBody, parseQuery } from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import type { Api } from '../../types.ts';
import { jsonSpec, listJson } from './json-list.ts';
import { inviteCodeReader } from './invite-code.ts';
import { accountUsers, userAccounts, users } from './resources.ts';

export { acceptInvite } from './service.ts';

const SETTING_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const moduleSpec = jsonSpec(moduleFilters, ['id', 'name'], ['id', 'name']);
const settingPath = '/users/:userId/accounts/:accountId/settings/:key';
/** What a setting the portal always reads is before it was ever stored (a first visit is no error). */
const SETTING_DEFAULTS: Record<string, unknown> = { recents: [] };

describeRoute('get', settingPath, {
  summary:
    'A setting of the user in one of its accounts (e.g. recents); a known setting never set answers its default, another one 404',
  tag: 'users',
});
describeRoute('put', settingPath, {
  summary: 'Store a setting (any JSON object or list, at most 64 KB; recents: at most 7 entries)',
  tag: 'users',
  body: UserSettingValue,
});
describeRoute('get', '/modules', {
  summary: "Permission modules the caller's account type can grant (RQL on id, name)",
  tag: 'users',
});

export function userRoutes({ app, db, config }: Api) {
  registerResource(app, db, accountUsers(config));
  const readInvitation = inviteCodeReader(config);
  registerResource(app, db, { ...users, byCode: (d, req, code) => readInvitation(d, req, code, users) });
  registerResource(app, db, userAccounts);

  /**
   * A user's own setting in one of its accounts (the portal keeps 'recents' here). Anyone else's
   * settings, or an account the user has not joined, are 404.
   */
  async function settingTarget(req: FastifyRequest) {
    const ctx = requireCtx(req);
    const { userId, accountId, key } = req.params as { userId: string; accountId: string; key: string };
    if (!ctx.user || ctx.user.id !== userId) throw ApiError.notFound('Setting');
    const member = await db
      .selectFrom('account_users')
      .select('status')
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!member) throw ApiError.notFound('Setting');
    if (!SETTING_KEY.test(key))
      throw ApiError.badRequest('Setting name may hold only letters, digits, ".", "_" and "-" (at most 64).');
    return { ctx, userId, accountId, key };
  }

  app.get(settingPath, async (req) => {
    const { userId, accountId, key } = await settingTarget(req);
    const row = await db
      .selectFrom('user_settings')
      .select('value')
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row) return row.value;
    if (key in SETTING_DEFAULTS) return SETTING_DEFAULTS[key];
    throw ApiError.notFound('Setting');
  });

  app.put(settingPath, async (req) => {
    const { ctx, userId, accountId, key } = await settingTarget(req);
    const value = parseBody(UserSettingValue, req.body);
    if (typeof value !== 'object') throw ApiError.badRequest('A setting must be a JSON object or array.');
    if (key === 'recents' && (!Array.isArray(value) || value.length > RECENTS_MAX)) {
      throw ApiError.badRequest(`recents must be a list of at most ${RECENTS_MAX} entries.`);
    }
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('user_settings')
        .select('value')
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('user_settings')
        .values({
          user_id: userId,
          account_id: accountId,
          key,
          value: JSON.stringify(value),
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'account_id', 'key'])
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
      await recordAudit(trx, ctx, {
        res: 'user-setting',
        objectId: `${userId}/${key}`,
        action: 'update',
        owner: accountId,
        before: before ? { value: before.value } : undefined,
        after: { value },
      });
    });
    return value;
  });

  // The permission modules an account of the caller's type can grant.
  app.get('/modules', async (req, reply) => {
    const ctx = requireCtx(req);
    const items = MODULES.filter((m) => m.visibleTo.includes(ctx.account.type)).map((m) => ({
      id: m.id,
      name: m.name,
    }));
    const page = await listJson(db, items, parseQuery(rawQuery(req)), moduleSpec);
    return sendList(reply, page.items, page.offset, page.total);
  });
}
