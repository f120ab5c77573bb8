import { sql } from 'kysely';
import type { Connection, TierAccount, TierRef } from '@trellis/domain';
import { inList } from '../../db/in-list.ts';
import type { Ctx } from '../../http/context.ts';
import type { Db } from '../../resources/engine.ts';

// References embedded in assets, requests and tier configs, in the reference's shapes.

export function productRefOf(p: { id: string; status: string; data: { name: string; icon?: string | null } }) {
  return { id: p.id, name: p.data.name, icon: p.data.icon ?? null, status: p.status };
}

export function connectionRefOf(c: Connection) {
  return {
    id: c.id, type: c.type,
    provider: { id: c.provider.id, name: c.provider.name ?? '' },
    vendor: { id: c.vendor.id, name: c.vendor.name ?? '' },
    hub: c.hub ? { id: c.hub.id, name: c.hub.name } : null,
  };
}

export function tierRefOf(a: TierAccount): TierRef {
  return { id: a.id, name: a.name, external_id: a.external_id, external_uid: a.external_uid, tax_id: a.tax_id, contact_info: a.contact_info };
}

/**
 * Who sees a fulfillment row (alias t with vendor_id and provider_id): the product's vendor and the
 * connection's provider. Everyone else gets a 404 from the engine.
 */
export const partyScope = (ctx: Ctx) => (ctx.account.type === 'vendor'
  ? sql<boolean>`t.vendor_id = ${ctx.account.id}`
  : sql<boolean>`t.provider_id = ${ctx.account.id}`);

/** An active user of the account, by id or e-mail (assign). */
export async function accountUser(db: Db, accountId: string, by: { id?: string; email?: string }) {
  const q = db.selectFrom('account_users').innerJoin('users', 'users.id', 'account_users.user_id')
    .select(['users.id', 'users.name', 'users.email']).where('account_users.account_id', '=', accountId)
    .where('account_users.status', '=', 'active');
  const row = by.id ? await q.where('users.id', '=', by.id).executeTakeFirst()
    : by.email ? await q.where(sql`lower(users.email)`, '=', by.email.toLowerCase()).executeTakeFirst() : undefined;
  return row ? { id: row.id, name: row.name, email: row.email } : undefined;
}

/** The capabilities of some products, for `select(…product.capabilities)` (reference: hidden unless asked). */
export async function productCapabilities(db: Db, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { rows } = await sql<{ id: string; capabilities: Record<string, unknown> | null }>`select id, data->'capabilities' as capabilities
    from products where ${inList(sql`id`, unique)}`.execute(db);
  return new Map(rows.map((r) => [r.id, r.capabilities ?? {}]));
}

/**
 * A dashboard counter of a fulfillment table: rows of the caller's side (vendor_id or provider_id) in the given
 * statuses (spec §1 counters).
 */
export const sideCount = (table: 'asset_requests' | 'tier_config_requests' | 'tier_account_requests', statuses: string[]) =>
  async (db: Db, ctx: Ctx) => {
    const side = ctx.account.type === 'vendor' ? 'vendor_id' : 'provider_id';
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'))
      .where(side, '=', ctx.account.id).where('status', 'in', statuses).executeTakeFirstOrThrow();
    return Number(row.n);
  };
