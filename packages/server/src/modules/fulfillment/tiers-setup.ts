import { sql, type Transaction } from 'kysely';
import type { Request, TierRef } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { freshParams, hasScope } from './params.ts';
import { tierRefOf } from './refs.ts';
import { carriedParams, newConfig, newRequest, openedBy } from './tier-objects.ts';
import {
  configOf,
  insertConfig,
  insertRequest,
  openRequestOf,
  saveConfig,
  tierAccount,
  withParams,
} from './tier-tables.ts';

// Tiers setup (reference workflow tier-config-request): before a fulfillment request goes to pending, each of
// its resellers whose tier parameters the product asks for needs an active tier config for the product.
// Missing ones get a config (processing) and a `setup` request; the fulfillment request waits in tiers_setup.

/**
 * Opens the setup requests a fulfillment request needs. Returns true when any setup request (new or already
 * under way for the same reseller and product) is open, so the fulfillment request must wait in tiers_setup.
 * A T1 setup opened while a T2 setup under it is open starts in tiers_setup itself (the T2 goes first).
 */
export async function startTiersSetup(db: Transaction<DB>, ctx: Ctx, request: Request): Promise<boolean> {
  const { tier1, tier2 } = request.asset.tiers;
  const ids = [tier1?.id, tier2?.id].filter((id): id is string => !!id);
  if (!ids.length) return false;
  // one setup at a time per reseller: concurrent purchases for a new reseller share its setup request
  // (no key update: the purchases' own asset rows hold key-share locks on these accounts)
  await sql`select id from tier_accounts where id in (${sql.join(ids)}) order by id for no key update`.execute(db);
  let waiting = false;
  let t2Open = false;
  if (tier2 && (await hasScope(db, request.asset.product.id, 'tier2'))) {
    t2Open = await ensureSetup(db, ctx, request, tier2, 2, false);
    waiting ||= t2Open;
  }
  if (tier1 && (await hasScope(db, request.asset.product.id, 'tier1'))) {
    waiting = (await ensureSetup(db, ctx, request, tier1, 1, t2Open)) || waiting;
  }
  return waiting;
}

/** Whether the reseller's config for the product still waits for its setup (opening the setup if needed). */
async function ensureSetup(
  db: Transaction<DB>,
  ctx: Ctx,
  request: Request,
  tier: TierRef,
  level: 1 | 2,
  afterT2: boolean,
): Promise<boolean> {
  const productId = request.asset.product.id;
  let config = await configOf(db, tier.id, productId, true);
  if (config?.status === 'active') return false;
  if (config) {
    const open = await openRequestOf(db, config.id);
    // an update in progress means the config was set up before; a setup in progress is the one to wait for
    if (open) return open.type === 'setup';
  }
  const account = await tierAccount(db, tier.id);
  const status = level === 1 && afterT2 ? 'tiers_setup' : 'pending';
  const fresh = !config;
  config ??= newConfig({
    account: account ? tierRefOf(account) : tier,
    level,
    product: request.asset.product,
    connection: request.asset.connection,
    marketplace: request.marketplace ?? request.asset.marketplace,
    contract: request.contract ?? request.asset.contract ?? null,
    params: await freshParams(db, productId, level === 1 ? 'tier1' : 'tier2'),
  });
  const draft = await newRequest(db, config, {
    type: 'setup',
    status,
    params: carriedParams(config.params),
    assetRequestId: request.id,
  });
  const opened = fresh
    ? await insertConfig(db, ctx, openedBy(config, draft))
    : await saveConfig(db, ctx, config, openedBy(config, draft), 'open');
  await insertRequest(db, ctx, withParams({ ...draft, configuration: opened }, draft.configuration.params));
  return true;
}
