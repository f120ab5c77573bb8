import type { RequestParam, TierConfig, TierConfigRequest, TierRef } from '@trellis/domain';
import { newId } from '../../resources/ids.ts';
import type { Db } from '../../resources/engine.ts';
import { now, parentConfiguration, previousApproved, tiersOf, withParams } from './tier-tables.ts';

// New tier configs and tier config requests in the reference's shapes (ids TC-123-456-789, TCR-123-456-789-012).

export interface ConfigSeed {
  account: TierRef;
  level: 1 | 2;
  product: TierConfig['product'];
  connection: TierConfig['connection'];
  marketplace: TierConfig['marketplace'];
  contract: TierConfig['contract'];
  params: RequestParam[];
}

/** A config waiting for its setup request: processing until the vendor decides that request. */
export function newConfig(seed: ConfigSeed): TierConfig {
  const at = now();
  return {
    id: newId('TC', 3, 3),
    name: `${seed.account.name} – ${seed.product.name}`,
    account: seed.account,
    product: seed.product,
    tier_level: seed.level,
    connection: seed.connection,
    marketplace: seed.marketplace,
    contract: seed.contract,
    params: seed.params,
    configuration: { params: [] },
    template: null,
    open_request: null,
    status: 'processing',
    created: at,
    updated: at,
    events: {} as TierConfig['events'],
  };
}

export interface RequestSeed {
  type: TierConfigRequest['type'];
  status: TierConfigRequest['status'];
  params: RequestParam[];
  assetRequestId?: string | null;
  notes?: string;
}

/** A request proposing `params` for `config`; the config shown in it is the one the request would make. */
export async function newRequest(db: Db, config: TierConfig, seed: RequestSeed): Promise<TierConfigRequest> {
  const at = now();
  const request: TierConfigRequest = {
    id: newId('TCR', 4, 3),
    type: seed.type,
    status: seed.status,
    configuration: { ...config },
    parent_configuration: await parentConfiguration(db, config),
    previous_approved_request: await previousApproved(db, config.id),
    asset_request: seed.assetRequestId ? { id: seed.assetRequestId } : null,
    assignee: null,
    template: null,
    activation: { link: null },
    reason: '',
    notes: seed.notes ?? '',
    environment: config.connection.type,
    effective_date: null,
    tiers: await tiersOf(db, config),
    created: at,
    updated: at,
    events: {} as TierConfigRequest['events'],
  };
  return withParams(request, seed.params);
}

/** A config while this request is open: processing, with the request named as its open request. */
export const openedBy = (config: TierConfig, request: { id: string }): TierConfig => ({
  ...config,
  status: 'processing',
  open_request: { id: request.id },
});

/** Parameters carried into a new request: the config's values, with old errors cleared. */
export const carriedParams = (params: readonly RequestParam[]): RequestParam[] =>
  params.map(({ structured_error: _e, ...p }) => ({ ...p, value_error: '' }));
