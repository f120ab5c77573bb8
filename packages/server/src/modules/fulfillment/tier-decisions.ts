import { sql, type Transaction } from 'kysely';
import type { TierConfig, TierConfigRequest } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { tiersSetupDone, tiersSetupFailed } from './request-tiers.ts';
import { lockedConfig, OPEN_TCR, paramsOf, saveConfig, saveRequest, tierAccount } from './tier-tables.ts';

// What the vendor's decision on a tier config request does beyond the request itself (reference workflows
// tier-config and tier-config-request): the config becomes active, a T1 request waiting for its T2 moves on,
// and the fulfillment requests waiting in tiers_setup go on to pending (or fail with the request).
// They run inside the decision (approve, fail), before the engine stores the request's new status: the decided
// request is left out where open requests are counted.

/** Approved: the config takes the request's parameters and is active. */
export async function afterApproved(db: Transaction<DB>, ctx: Ctx, request: TierConfigRequest): Promise<void> {
  const before = await lockedConfig(db, request.configuration.id);
  const params = paramsOf(request).map(({ structured_error: _e, ...p }) => ({ ...p, value_error: '' }));
  const template = request.template
    ? { id: request.template.id, name: request.template.name, representation: request.template.representation }
    : before.template;
  await saveConfig(db, ctx, before, { ...before, params, template, status: 'active', open_request: null }, 'activate');
  await releaseWaitingT1(db, ctx, before, request.id);
  if (request.type !== 'setup') return;
  for (const id of await waitingRequests(db, before, request)) {
    await tiersSetupDone(db, ctx, id, request.id);
  }
}

/**
 * Failed: the config stays as it was and is active again (the reference: "active tier configurations are also
 * associated with failed tier requests"); fulfillment requests waiting for this setup fail with its reason.
 */
export async function afterFailed(db: Transaction<DB>, ctx: Ctx, request: TierConfigRequest): Promise<void> {
  const before = await lockedConfig(db, request.configuration.id);
  await saveConfig(db, ctx, before, { ...before, status: 'active', open_request: null }, 'activate');
  await releaseWaitingT1(db, ctx, before, request.id);
  if (request.type !== 'setup') return;
  for (const id of await waitingRequests(db, before, request)) await tiersSetupFailed(db, ctx, id, request.reason);
}

/**
 * A T1 setup waits in tiers_setup while a T2 setup under it (same product) is open; once none is, it goes to
 * pending (reference transition "Tier Setup is Completed").
 */
async function releaseWaitingT1(db: Transaction<DB>, ctx: Ctx, t2: TierConfig, decided: string) {
  if (t2.tier_level !== 2) return;
  const parentId = (await tierAccount(db, t2.account.id))?.parent?.id;
  if (!parentId) return;
  const { rows: stillOpen } =
    await sql`select 1 from tier_config_requests q join tier_accounts a on a.id = q.tier_account_id
    where q.product_id = ${t2.product.id} and q.tier_level = 2 and q.type = 'setup' and a.parent_id = ${parentId}
      and q.id <> ${decided}
      and q.status in (${sql.join(OPEN_TCR)}) limit 1`.execute(db);
  if (stillOpen.length) return;
  const { rows } = await sql<{ data: TierConfigRequest }>`select data from tier_config_requests
    where tier_account_id = ${parentId} and product_id = ${t2.product.id} and status = 'tiers_setup' for update`.execute(
    db,
  );
  for (const { data: t1 } of rows) await saveRequest(db, ctx, t1, { ...t1, status: 'pending' }, 'pend', 'pended');
}

/** Fulfillment requests in tiers_setup whose asset has this config's account at its level (and the linked one). */
async function waitingRequests(db: Transaction<DB>, config: TierConfig, request: TierConfigRequest): Promise<string[]> {
  const slot = config.tier_level === 1 ? sql.ref('a.tier1_id') : sql.ref('a.tier2_id');
  const { rows } = await sql<{ id: string }>`select r.id from asset_requests r join assets a on a.id = r.asset_id
    where r.status = 'tiers_setup' and r.product_id = ${config.product.id}
      and (${slot} = ${config.account.id} or r.id = ${request.asset_request?.id ?? ''})
    order by r.id`.execute(db);
  return rows.map((r) => r.id);
}
