import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../http/context.ts';

// Who reads what in partner management. One predicate per object, so that widening who sees an agreement changes
// every list that follows the agreement's visibility (its product groups, its products) at once.

/**
 * Who sees an agreement: its owner (the distributor that offers it) and any account holding a contract under it.
 * `id` is the SQL expression holding the agreement id (default `t.id`, an agreements row).
 */
export function agreementVisible(ctx: Ctx, id: RawBuilder<unknown> = sql`t.id`): RawBuilder<boolean> {
  return sql<boolean>`(${id} in (select a.id from agreements a where a.account_id = ${ctx.account.id})
    or ${id} in (select c.agreement_id from contracts c where c.owner_id = ${ctx.account.id}))`;
}
