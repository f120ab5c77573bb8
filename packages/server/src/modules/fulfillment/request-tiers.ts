import { OPEN_REQUEST_STATUSES, OPEN_TIER_CONFIG_REQUEST_STATUSES, type Request } from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { failed } from './request-effects.ts';
import { lockedRequest, saveRequest } from './request-store.ts';
import { startTiersSetup } from './tiers-setup.ts';

// Tiers setup of an asset request: a request about to become pending waits in tiers_setup while tier config
// requests of its resellers are open. The tier config request flows call back here inside their transactions.

type Tx = Transaction<DB>;

/**
 * A request about to be pending (created pending, or submitted: the declared `to`) waits in tiers_setup instead
 * when its tier accounts first need their configuration.
 */
export async function pendingOrTiersSetup(db: Tx, ctx: Ctx, request: Request): Promise<Request> {
  return (await startTiersSetup(db, ctx, request)) ? { ...request, status: 'tiers_setup' } : request;
}

/**
 * A setup this request waited for was approved (`decided`, not stored as approved yet): once no other setup of its
 * asset's T1 or T2 for the product is open (its own or one it shares with another purchase for the same reseller),
 * the request goes to pending.
 */
export async function tiersSetupDone(db: Tx, ctx: Ctx, assetRequestId: string, decided: string): Promise<boolean> {
  const request = await lockedRequest(db, assetRequestId);
  if (request?.status !== 'tiers_setup') return false;
  const { rows: open } = await sql`select 1 from assets a
    join tier_config_requests q on q.product_id = a.product_id and q.tier_account_id in (a.tier1_id, a.tier2_id)
    where a.id = ${request.asset.id} and q.id <> ${decided} and q.type = 'setup' and q.status in (${sql.join([...OPEN_TIER_CONFIG_REQUEST_STATUSES])}) limit 1`.execute(
    db,
  );
  if (open.length) return false;
  await saveRequest(db, ctx, request, { ...request, status: 'pending' }, 'pend', 'pended');
  return true;
}

/** A tier config request of this asset request failed: so does the asset request, with the same reason. */
export async function tiersSetupFailed(db: Tx, ctx: Ctx, assetRequestId: string, reason: string): Promise<boolean> {
  const request = await lockedRequest(db, assetRequestId);
  if (!request || !(OPEN_REQUEST_STATUSES as readonly string[]).includes(request.status)) return false;
  const failing: Request = { ...(await failed(db, ctx, request, reason)), status: 'failed' };
  await saveRequest(db, ctx, request, failing, 'fail', 'failed');
  return true;
}
