import {
  RuleSettingUpdate,
  RuleSettingsBulk,
  type NotificationRule,
  type RuleSetting,
  type RuleSettingValue,
} from '@trellis/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx, sendList } from '../../http/reply.ts';
import { parseBody, type Db } from '../../resources/engine.ts';
import type { Api } from '../types.ts';

// Each user's notification settings (reference /notifications/subscriptions/-/rules/-/settings): one per rule of the
// account the user works in, `disabled` when the user opted out of the rule's mails. Only the caller's own settings are
// read and written; a rule of another account is a 404.

const PATH = '/notifications/subscriptions/-/rules/-/settings';

function userOf(ctx: Ctx) {
  if (!ctx.user) throw ApiError.badRequest('Notification settings are a user’s own; an API token has none.');
  return ctx.user;
}

async function settingsOf(db: Db, ctx: Ctx, ruleIds?: string[]): Promise<RuleSetting[]> {
  const user = userOf(ctx);
  let q = db
    .selectFrom('notification_rules as r')
    .leftJoin('notification_opt_outs as o', (j) => j.onRef('o.rule_id', '=', 'r.id').on('o.user_id', '=', user.id))
    .select(['r.data', 'o.user_id'])
    .where('r.account_id', '=', ctx.account.id)
    .orderBy('r.created_at')
    .orderBy('r.id');
  if (ruleIds) q = q.where('r.id', 'in', ruleIds.length ? ruleIds : ['']);
  const rows = await q.execute();
  const me = await whoIs(db, ctx.account.id, user.id);
  return rows.map((row) => {
    const rule = row.data as NotificationRule;
    return {
      id: rule.id,
      value: row.user_id ? 'disabled' : 'enabled',
      rule: { id: rule.id, name: rule.name },
      event: rule.subscription.event as { id: string; name: string },
      reaches: reachesOf(rule, me),
    };
  });
}

/** The user's address and groups in the account: what a rule's recipients may name them by. */
async function whoIs(db: Db, accountId: string, userId: string) {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  const groups = await db
    .selectFrom('group_users')
    .select('group_id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
  return { id: userId, email: user?.email.toLowerCase() ?? '', groups: new Set(groups.map((g) => g.group_id)) };
}

function reachesOf(rule: NotificationRule, me: Awaited<ReturnType<typeof whoIs>>): RuleSetting['reaches'] {
  const r = rule.recipients;
  const reaches: RuleSetting['reaches'] = [];
  if (r.users.some((u) => u.id === me.id)) reaches.push('user');
  if (r.groups.some((g) => me.groups.has(g.id))) reaches.push('group');
  if (r.emails.some((e) => e.toLowerCase() === me.email)) reaches.push('email');
  if (r.assignee) reaches.push('assignee');
  return reaches;
}

async function setValue(db: Kysely<DB>, ctx: Ctx, ruleId: string, value: RuleSettingValue) {
  const user = userOf(ctx);
  const found = await settingsOf(db, ctx, [ruleId]);
  if (!found.length) throw ApiError.notFound('Notification rule');
  if (value === 'disabled')
    await db
      .insertInto('notification_opt_outs')
      .values({ user_id: user.id, rule_id: ruleId, account_id: ctx.account.id, created_at: new Date().toISOString() })
      .onConflict((c) => c.columns(['user_id', 'rule_id']).doNothing())
      .execute();
  else
    await db.deleteFrom('notification_opt_outs').where('user_id', '=', user.id).where('rule_id', '=', ruleId).execute();
}

export function ruleSettingRoutes({ app, db }: Api) {
  app.get(PATH, async (req, reply) => {
    const items = await settingsOf(db, requireCtx(req));
    return sendList(reply, items, 0, items.length);
  });

  app.put(`${PATH}/:id`, async (req) => {
    const ctx = requireCtx(req);
    const id = (req.params as { id: string }).id;
    const { value } = parseBody(RuleSettingUpdate, req.body);
    await setValue(db, ctx, id, value);
    return (await settingsOf(db, ctx, [id]))[0];
  });

  app.put(PATH, async (req) => {
    const ctx = requireCtx(req);
    const body = parseBody(RuleSettingsBulk, req.body);
    await db.transaction().execute(async (trx) => {
      for (const s of body) await setValue(trx, ctx, s.id, s.value);
    });
    return settingsOf(
      db,
      ctx,
      body.map((s) => s.id),
    );
  });
}
