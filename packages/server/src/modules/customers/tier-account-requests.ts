import { sql } from 'kysely';
import { tierAccountRequestResource, type TierAccount, type TierAccountRequest } from '@trellis/domain';
import { insertStamped, stampUpdated, type Served } from '../../resources/engine.ts';
import { defineTable, int, text, timestamp } from '../../resources/table.ts';
import type { TierAccountChange } from './hooks.ts';
import { partySide } from '../../resources/parties.ts';
import { productRefOf } from '../catalog/public.ts';

// Tier account requests (/tier/account-requests, reference workflow tier-account-requests): when a provider
// changes a tier account, every vendor with subscriptions of that account gets one request per product, holding
// the account's new version, to accept (take it into its systems) or ignore. Ids are the account's digits plus
// a running number per account: TA-1234-5678-9012 → TAR-1234-5678-9012-001.

const now = () => new Date().toISOString();

export const tierAccountRequestTable = defineTable('tier_account_requests', {
  id: text('id'),
  tier_account_id: text('account.id'),
  tier_account_version: int('account.version'),
  vendor_id: text('vendor.id'),
  provider_id: text('provider.id'),
  product_id: text('product.id'),
  status: text('status'),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

export const tierAccountRequests: Served<TierAccountRequest> = {
  decl: tierAccountRequestResource,
  table: tierAccountRequestTable,
  owner: (r) => r.vendor.id,
  side: partySide,
  // accept is a pure transition (domain tierAccountRequestMachine)
  actions: { ignore: async (_ctx, current, body) => ({ ...current, reason: body.reason ?? '' }) },
};

/** Products whose "tier account updates" capability is switched off file their requests as unsupported. */
const updatesDisabled = (capabilities: Record<string, any> | undefined) =>
  capabilities?.tiers?.updates?.enabled === false;

/** On a tier account's update: one request for each vendor and product with live subscriptions of it. */
export async function fileRequests({ change, after, ctx, db }: TierAccountChange) {
  if (change !== 'update') return;
  // (vendor, product) pairs of the account's subscriptions that are still alive
  const { rows } = await sql<{
    vendor_id: string;
    vendor_name: string;
    product_id: string;
    product_status: string;
    product: any;
  }>`
    select distinct a.vendor_id, v.name as vendor_name, a.product_id, p.status as product_status, p.data as product
    from assets a join accounts v on v.id = a.vendor_id join products p on p.id = a.product_id
    where a.status <> 'terminated' and (a.customer_id = ${after.id} or a.tier1_id = ${after.id} or a.tier2_id = ${after.id})
    order by a.vendor_id, a.product_id`.execute(db);
  if (!rows.length) return;
  // the engine stamps the account's update after the listeners run; the request carries the stored version
  const account: TierAccount = stampUpdated(ctx, after);
  const {
    rows: [count],
  } = await sql<{
    n: string;
  }>`select count(*) as n from tier_account_requests where tier_account_id = ${after.id}`.execute(db);
  let n = Number(count.n);
  for (const row of rows) {
    const at = now();
    await insertStamped(
      tierAccountRequests,
      ctx,
      {
        id: `TAR-${after.id.replace(/^TA-/, '')}-${String(++n).padStart(3, '0')}`,
        type: 'update',
        status: updatesDisabled(row.product.capabilities) ? 'unsupported' : 'pending',
        account,
        vendor: { id: row.vendor_id, name: row.vendor_name },
        provider: { id: after.owner.id, name: after.owner.name },
        product: productRefOf({ id: row.product_id, status: row.product_status, data: row.product }),
        reason: '',
        created: at,
        updated: at,
        events: {},
      } satisfies TierAccountRequest,
      db,
    );
  }
}
