import { productRefOf } from '../catalog/public.ts';
import { sql } from 'kysely';
import type { Connection, TierAccount, TierRef } from '@trellis/domain';
import { inList } from '../../db/in-list.ts';
import type { Db } from '../../resources/engine.ts';

export { productRefOf };

// References embedded in assets, requests and tier configs, in the reference's shapes.

export function connectionRefOf(c: Connection) {
  return {
    id: c.id,
    type: c.type,
    provider: { id: c.provider.id, name: c.provider.name ?? '' },
    vendor: { id: c.vendor.id, name: c.vendor.name ?? '' },
    hub: c.hub ? { id: c.hub.id, name: c.hub.name } : null,
  };
}

export function tierRefOf(a: TierAccount): TierRef {
  return {
    id: a.id,
    name: a.name,
    external_id: a.external_id,
    external_uid: a.external_uid,
    tax_id: a.tax_id,
    contact_info: a.contact_info,
  };
}

/** The capabilities of some products, for `select(…product.capabilities)` (reference: hidden unless asked). */
export async function productCapabilities(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { rows } = await sql<{
    id: string;
    capabilities: Record<string, unknown> | null;
  }>`select id, data->'capabilities' as capabilities
    from products where ${inList(sql`id`, unique)}`.execute(db);
  return new Map(rows.map((r) => [r.id, r.capabilities ?? {}]));
}

/**
 * A dashboard counter of a fulfillment table: rows of the caller's side (vendor_id or provider_id) in the given
 * statuses (spec §1 counters).
 */
