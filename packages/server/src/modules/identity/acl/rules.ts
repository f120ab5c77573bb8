import { sql, type Transaction } from 'kysely';
import { aclListOf, aclRuleResource, type AclList, type AclRule } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { can, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { insertObject, saveStamped, stampCreated, type Db, type Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { defineTable, text, timestamp } from '../../../resources/table.ts';
import { assertKeepsCaller, type AclEntry } from './enforce.ts';

export const aclRuleTable = defineTable('acl_rules', {
  id: text('id'),
  // the account and the list come from the path, not from the rule object (written on create)
  account_id: text(),
  acl: text(),
  action: text('action'),
  value: text('value'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});

/** The list a path names, for a caller who holds its module: unknown list 404, module not held 403. */
export function listOf(ctx: Ctx, name: string | undefined): AclList {
  const list = aclListOf(name);
  if (!list) throw ApiError.notFound('Access list');
  if (!can(ctx, list.module)) throw ApiError.forbidden(`Access to module ${list.module} is not granted.`);
  return list;
}

/** The rules of one of the caller's lists, locked for a change (two admins editing at once take turns). */
export async function rulesOf(db: Db, ctx: Ctx, list: AclList, lock = false): Promise<AclRule[]> {
  let q = db
    .selectFrom('acl_rules')
    .select('data')
    .where('account_id', '=', ctx.account.id)
    .where('acl', '=', list.id)
    .orderBy('created_at')
    .orderBy('id');
  if (lock) q = q.forUpdate();
  return (await q.execute()).map((r) => r.data as AclRule);
}

const entry = (r: Pick<AclRule, 'action' | 'value'>): AclEntry => ({ action: r.action, value: r.value });

/**
 * /acl/{acl}/rules: the account's access rules, `account` (portal sign-in, module MD-0001) or `integrations` (API
 * tokens, the tokens module), also named by the reference's module aliases. A change that would shut the caller out
 * of its own session is refused (enforce.ts assertKeepsCaller).
 */
export const aclRules: Served<AclRule> = {
  decl: aclRuleResource,
  table: aclRuleTable,
  scope: (ctx, params) => {
    const list = aclListOf(params.acl);
    return list ? sql<boolean>`t.account_id = ${ctx.account.id} and t.acl = ${list.id}` : sql<boolean>`false`;
  },
  parentVisible: (ctx, params) => Boolean(listOf(ctx, params.acl)),

  async create(ctx, input: { value: string; action: AclRule['action']; comment?: string | null }, params, db) {
    const list = listOf(ctx, params.acl);
    const current = await rulesOf(db, ctx, list, true);
    assertKeepsCaller(ctx, list, [...current.map(entry), { action: input.action, value: input.value.trim() }]);
    const rule: AclRule = {
      id: newId('ACL', 3, 3),
      action: input.action,
      value: input.value.trim(),
      ...(input.comment ? { comment: input.comment } : {}),
      events: {},
    };
    return { object: rule, extra: { account_id: ctx.account.id, acl: list.id } };
  },

  async update(
    ctx,
    current,
    input: { value?: string; action?: AclRule['action']; comment?: string | null },
    params,
    db,
  ) {
    const list = listOf(ctx, params.acl);
    const next: AclRule = { ...current };
    if (input.value !== undefined) next.value = input.value.trim();
    if (input.action !== undefined) next.action = input.action;
    if (input.comment !== undefined) {
      if (input.comment) next.comment = input.comment;
      else delete next.comment;
    }
    const others = (await rulesOf(db, ctx, list, true)).filter((r) => r.id !== current.id);
    assertKeepsCaller(ctx, list, [...others.map(entry), entry(next)]);
    return next;
  },

  async remove(ctx, current, params, db) {
    const list = listOf(ctx, params.acl);
    const others = (await rulesOf(db, ctx, list, true)).filter((r) => r.id !== current.id);
    assertKeepsCaller(ctx, list, others.map(entry));
  },
};

/**
 * Replaces a whole list (the settings objects' `acl.ips`): rules that stay keep their ids, new ones are added, the
 * rest removed; every change audited, in the caller's transaction, after the same lock-out check.
 */
export async function replaceRules(
  trx: Transaction<DB>,
  ctx: Ctx,
  list: AclList,
  wanted: { action: AclRule['action']; value: string; comment?: string }[],
): Promise<void> {
  const key = (r: AclEntry) => `${r.action} ${r.value}`;
  const unique = [...new Map(wanted.map((w) => [key(w), { ...w, value: w.value.trim() }])).values()];
  assertKeepsCaller(ctx, list, unique);
  const current = await rulesOf(trx, ctx, list, true);
  const byKey = new Map(current.map((r) => [key(r), r]));
  const kept = new Set<string>();
  for (const w of unique) {
    const found = byKey.get(key(w));
    if (found) {
      kept.add(found.id);
      if ((found.comment ?? '') !== (w.comment ?? '')) {
        const next: AclRule = { ...found, ...(w.comment ? { comment: w.comment } : {}) };
        if (!w.comment) delete next.comment;
        await saveStamped(aclRules, ctx, found, next, 'update', trx);
      }
      continue;
    }
    const rule = stampCreated(ctx, {
      id: newId('ACL', 3, 3),
      action: w.action,
      value: w.value,
      ...(w.comment ? { comment: w.comment } : {}),
      events: {},
    } as AclRule);
    await insertObject(aclRules, rule, trx, { account_id: ctx.account.id, acl: list.id });
    await recordAudit(trx, ctx, {
      res: aclRules,
      objectId: rule.id,
      action: 'create',
      owner: ctx.account.id,
      after: rule,
    });
  }
  for (const r of current) {
    if (kept.has(r.id)) continue;
    await trx.deleteFrom('acl_rules').where('id', '=', r.id).execute();
    await recordAudit(trx, ctx, { res: aclRules, objectId: r.id, action: 'delete', owner: ctx.account.id, before: r });
  }
}
