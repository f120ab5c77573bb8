import { sql, type Transaction } from 'kysely';
import { usageRuleResource, type UsageRule } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { hideStatusUnlessAsked, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { productIsVisible } from '../catalog/public.ts';
import { ruleCondition } from './rule-condition.ts';
import { usageRuleTable } from './tables.ts';

// Usage rules (reference /products/{id}/usage/rules): each provider keeps its own for the products it can see; the
// vendor and other providers never see them. Applied when a file is submitted (rule-outcome.ts).

/** The rule's item: a pay-per-use item of the product, named as the rule shows it. */
async function usageItem(db: Transaction<DB>, productId: string, itemId: string) {
  const item = await db
    .selectFrom('items')
    .select(['id', 'name', 'type'])
    .where('id', '=', itemId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!item) throw ApiError.field('item', `No item ${itemId} in product ${productId}.`);
  if (item.type !== 'ppu') throw ApiError.field('item', `${item.name} is not a pay-per-use item.`);
  return { id: item.id, name: item.name };
}

type Input = Partial<Pick<UsageRule, 'action' | 'scope' | 'rule' | 'status'>> & { item?: { id: string } };

async function ruleOf(db: Transaction<DB>, productId: string, base: UsageRule, input: Input): Promise<UsageRule> {
  const next: UsageRule = {
    ...base,
    ...(input.action !== undefined && { action: input.action }),
    ...(input.scope !== undefined && { scope: input.scope }),
    ...(input.rule !== undefined && { rule: input.rule }),
    ...(input.status !== undefined && { status: input.status }),
    item: input.item ? await usageItem(db, productId, input.item.id) : base.item,
  };
  // compiled now, so a rule that could not be applied is refused when it is written
  ruleCondition(next.scope, next.rule);
  return next;
}

export const usageRules: Served<UsageRule> = {
  decl: usageRuleResource,
  table: usageRuleTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: (ctx: Ctx, params) =>
    sql<boolean>`t.product_id = ${params.productId ?? ''} and t.provider_id = ${ctx.account.id}`,
  parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),
  listWhere: hideStatusUnlessAsked('deleted'),
  async create(ctx, input, params, db) {
    const productId = params.productId!;
    const blank: UsageRule = {
      id: newId('UIR', 3, 3),
      action: input.action,
      scope: 'record',
      rule: null,
      status: 'active',
      item: { id: '', name: '' },
      events: {},
    };
    const object = await ruleOf(db, productId, blank, input);
    return { object, extra: { product_id: productId, provider_id: ctx.account.id } };
  },
  async update(_ctx, current, input, params, db) {
    return ruleOf(db, params.productId!, current, input);
  },
  // the reference's `deleted` status: the rule no longer applies, and lists leave it out unless asked for
  async remove(_ctx, current) {
    return { ...current, status: 'deleted' };
  },
};
