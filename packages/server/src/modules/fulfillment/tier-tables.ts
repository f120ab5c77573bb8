import { sql, type Transaction } from 'kysely';
import {
  OPEN_TIER_CONFIG_REQUEST_STATUSES,
  tierConfigRequestResource,
  tierConfigResource,
  type RequestParam,
  type TierAccount,
  type TierConfig,
  type TierConfigRequest,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from '../../http/context.ts';
import { insertStamped, saveStamped, type Db, type Served } from '../../resources/engine.ts';
import { partySide } from '../../resources/parties.ts';
import { defineTable, int, text, timestamp } from '../../resources/table.ts';
import { tierRefOf } from './refs.ts';

// Storage of tier configs and tier config requests, shared by their routes, tiers setup and the approve/fail
// effects (kept apart from the route files so those can import each other's effects without a cycle).

export const OPEN_TCR = [...OPEN_TIER_CONFIG_REQUEST_STATUSES] as string[];
export const now = () => new Date().toISOString();

/** Tier configs: one per tier account and product (migration 0012). */
export const tierConfigTable = defineTable('tier_configs', {
  id: text('id'),
  tier_account_id: text('account.id'),
  tier_level: int('tier_level'),
  vendor_id: text('connection.vendor.id'),
  provider_id: text('connection.provider.id'),
  product_id: text('product.id'),
  connection_id: text('connection.id'),
  status: text('status'),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

export const configTable: Served<TierConfig> = {
  decl: tierConfigResource,
  table: tierConfigTable,
  // The reseller's configuration belongs to the provider that manages the reseller.
  owner: (c) => c.connection.provider.id,
  side: partySide,
};

/** Tier config requests, with their config's account, level, parties and product (migration 0012). */
export const tierConfigRequestTable = defineTable('tier_config_requests', {
  id: text('id'),
  config_id: text('configuration.id'),
  tier_account_id: text('configuration.account.id'),
  tier_level: int('configuration.tier_level'),
  vendor_id: text('configuration.connection.vendor.id'),
  provider_id: text('configuration.connection.provider.id'),
  product_id: text('configuration.product.id'),
  asset_request_id: text('asset_request.id').nullable(),
  type: text('type'),
  status: text('status'),
  assignee_id: text('assignee.id').nullable(),
  created_at: timestamp('created'),
  updated_at: timestamp('updated'),
});

export const requestTable: Served<TierConfigRequest> = {
  decl: tierConfigRequestResource,
  table: tierConfigRequestTable,
  // the reference also filters the level at the top
  columns: { tier_level: 'configuration.tier_level' },
  owner: (r) => r.configuration.connection.provider.id,
  side: partySide,
};

/** The request's parameters (kept in configuration.params, mirrored at the top level as the reference has them). */
export const paramsOf = (r: TierConfigRequest): RequestParam[] => r.configuration.params;
export function withParams(r: TierConfigRequest, params: RequestParam[]): TierConfigRequest {
  return { ...r, params, configuration: { ...r.configuration, params } };
}

export async function lockedConfig(db: Transaction<DB>, id: string): Promise<TierConfig> {
  const row = await db
    .selectFrom('tier_configs')
    .select('data')
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  return row.data as TierConfig;
}

/** A config of one tier account for one product (there is at most one). */
export async function configOf(
  db: Db,
  accountId: string,
  productId: string,
  lock = false,
): Promise<TierConfig | undefined> {
  let q = db
    .selectFrom('tier_configs')
    .select('data')
    .where('tier_account_id', '=', accountId)
    .where('product_id', '=', productId);
  if (lock) q = q.forNoKeyUpdate();
  return (await q.executeTakeFirst())?.data as TierConfig | undefined;
}

export async function openRequestOf(db: Db, configId: string): Promise<TierConfigRequest | undefined> {
  const row = await db
    .selectFrom('tier_config_requests')
    .select('data')
    .where('config_id', '=', configId)
    .where('status', 'in', OPEN_TCR)
    .executeTakeFirst();
  return row?.data as TierConfigRequest | undefined;
}

export const insertConfig = (db: Transaction<DB>, ctx: Ctx, config: TierConfig) =>
  insertStamped(configTable, ctx, config, db);
export const saveConfig = (db: Transaction<DB>, ctx: Ctx, before: TierConfig, after: TierConfig, action: string) =>
  saveStamped(configTable, ctx, before, after, action, db);
export const insertRequest = (db: Transaction<DB>, ctx: Ctx, request: TierConfigRequest) =>
  insertStamped(requestTable, ctx, request, db);
/** Stores a request changed outside its own action (e.g. a T1 request released by its T2's approval). */
export const saveRequest = (
  db: Transaction<DB>,
  ctx: Ctx,
  before: TierConfigRequest,
  after: TierConfigRequest,
  action: string,
  event?: string,
) => saveStamped(requestTable, ctx, before, after, action, db, event);

/** Tier account data by id (any status: a decommissioned account still shows in its configs). */
export async function tierAccount(db: Db, id: string): Promise<TierAccount | undefined> {
  return (await db.selectFrom('tier_accounts').select('data').where('id', '=', id).executeTakeFirst())?.data as
    TierAccount | undefined;
}

/** `tiers` of a request: a T1 config names its account as tier1; a T2 config its parent as tier1 and itself as tier2. */
export async function tiersOf(db: Db, config: TierConfig): Promise<TierConfigRequest['tiers']> {
  if (config.tier_level === 1) return { tier1: config.account, tier2: null };
  const self = await tierAccount(db, config.account.id);
  const parent = self?.parent ? await tierAccount(db, self.parent.id) : undefined;
  return { tier1: parent ? tierRefOf(parent) : null, tier2: config.account };
}

/** For a T2 config, the T1 config above it (same product, the T2's parent account). */
export async function parentConfiguration(db: Db, config: TierConfig): Promise<{ id: string; name: string } | null> {
  if (config.tier_level !== 2) return null;
  const self = await tierAccount(db, config.account.id);
  if (!self?.parent) return null;
  const parent = await configOf(db, self.parent.id, config.product.id);
  return parent ? { id: parent.id, name: parent.name } : null;
}

export async function previousApproved(db: Db, configId: string): Promise<{ id: string } | null> {
  const { rows } = await sql<{ id: string }>`select id from tier_config_requests where config_id = ${configId}
    and status = 'approved' order by updated_at desc limit 1`.execute(db);
  return rows[0] ? { id: rows[0].id } : null;
}
