import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../resources/engine.ts';

// What other areas may use of fulfillment: reads of the subscriptions (assets) a tier account or a vendor has,
// so no other area queries the fulfillment tables itself.

/** The (vendor, product) pairs of the live (not terminated) subscriptions naming a tier account as customer, T1 or T2. */
export async function liveSubscriptionsOf(
  db: Db,
  tierAccountId: string,
): Promise<{ vendor_id: string; product_id: string }[]> {
  const { rows } = await sql<{ vendor_id: string; product_id: string }>`select distinct a.vendor_id, a.product_id
    from assets a where a.status <> 'terminated'
      and (a.customer_id = ${tierAccountId} or a.tier1_id = ${tierAccountId} or a.tier2_id = ${tierAccountId})
    order by a.vendor_id, a.product_id`.execute(db);
  return rows;
}

/** `col in (the tier accounts of this vendor's subscriptions)`: a vendor reads those tier accounts. */
export const inVendorsTierAccounts = (col: RawBuilder<unknown>, vendorId: string) =>
  sql<boolean>`${col} in (select customer_id from assets where vendor_id = ${vendorId}
    union select tier1_id from assets where vendor_id = ${vendorId} and tier1_id is not null
    union select tier2_id from assets where vendor_id = ${vendorId} and tier2_id is not null)`;

/** A subscription as usage rows find it: by id, external id, external uid or a parameter's value. */
export interface UsageSubscription {
  id: string;
  external_id: string | null;
  external_uid: string | null;
  hub_id: string | null;
  params: { id: string; value: string }[];
}

/** Subscriptions that can have consumed something: provisioned once (active, suspended, terminating, terminated). */
const USED_STATUSES = ['active', 'suspended', 'terminating', 'terminated'];

/** The subscriptions of a product sold in a marketplace, which a usage file of that product and marketplace reports on. */
export async function usageSubscriptionsOf(
  db: Db,
  productId: string,
  marketplaceId: string,
): Promise<UsageSubscription[]> {
  const { rows } = await sql<UsageSubscription>`select a.id, a.external_id, a.external_uid, a.hub_id,
      coalesce((select jsonb_agg(jsonb_build_object('id', p ->> 'id', 'value', p ->> 'value'))
        from jsonb_array_elements(a.data -> 'params') p where coalesce(p ->> 'value', '') <> ''), '[]') as params
    from assets a where a.product_id = ${productId} and a.marketplace_id = ${marketplaceId}
      and a.status in (${sql.join(USED_STATUSES)})
    order by a.id`.execute(db);
  return rows;
}
