import { sql } from 'kysely';
import type { Ctx } from '../http/context.ts';
import type { Db } from './engine.ts';

// Objects between two parties (a vendor and a provider), stored with vendor_id and provider_id columns:
// requests, assets, tier configs, listings. Each side sees its own.

/**
 * Who sees a two-party row (alias t with vendor_id and provider_id): the product's vendor and the
 * connection's provider. Everyone else gets a 404 from the engine.
 */
export const partyScope = (ctx: Ctx) => sql<boolean>`${sql.ref(`t.${partySide(ctx).column}`)} = ${ctx.account.id}`;

/** The column and id `partyScope` compares: the caller's side of the deal. */
export const partySide = (ctx: Ctx) => ({
  column: ctx.account.type === 'vendor' ? 'vendor_id' : 'provider_id',
  id: ctx.account.id,
});

/** A dashboard counter: the caller's side's objects in these statuses. */
export const sideCount =
  (table: 'asset_requests' | 'tier_config_requests' | 'tier_account_requests', statuses: readonly string[]) =>
  async (db: Db, ctx: Ctx) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(partySide(ctx).column as 'vendor_id' | 'provider_id', '=', ctx.account.id)
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
