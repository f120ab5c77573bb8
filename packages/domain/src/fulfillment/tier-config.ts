import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';
import { maxLength } from '../validation/messages.ts';
import { ConnectionRef, MarketplaceRef, ParamInput, ProductRef, RequestParam, TemplateRef, TierRef, UserRef } from './common.ts';
import { AssignBody, FailBody, InquireBody, UnassignBody } from './request.ts';


/** Tier configuration statuses (reference workflow "tier-config"). */
export const TIER_CONFIG_STATUSES = ['draft', 'processing', 'active'] as const;
export const TIER_LEVELS = [1, 2] as const;

/**
 * The tier-scope parameter values of one reseller (tier account) for one product: tier_level 1 holds the
 * `tier1` parameters of a T1, tier_level 2 the `tier2` parameters of a T2. Made by the first request that needs it.
 */
export const TierConfig = z.object({
  id: z.string(),
  name: z.string(),
  account: TierRef,
  product: ProductRef,
  tier_level: z.number().int(),
  connection: ConnectionRef,
  marketplace: MarketplaceRef.nullable(),
  contract: z.object({ id: z.string(), name: z.string() }).nullable(),
  params: z.array(RequestParam),
  configuration: z.object({ params: z.array(RequestParam) }),
  template: TemplateRef.nullable(),
  /** The request in progress that will change this config, if any. */
  open_request: z.object({ id: z.string() }).nullable(),
  status: z.enum(TIER_CONFIG_STATUSES),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type TierConfig = z.infer<typeof TierConfig>;

/** What configs and their requests both filter on; a request has them under `configuration.` (configRefFilters). */
const configRefs = {
  tier_level: { type: 'number', ops: ['eq', 'in'] },
  'account.id': { type: 'string', ops: TEXT_OPS },
  'account.name': { type: 'string', ops: TEXT_OPS },
  'product.id': { type: 'string', ops: TEXT_OPS },
  'product.name': { type: 'string', ops: TEXT_OPS },
  'connection.id': { type: 'string', ops: TEXT_OPS },
  'connection.type': { type: 'string', ops: ENUM_OPS, options: ['production', 'test', 'preview'] },
  'connection.provider.id': { type: 'string', ops: TEXT_OPS },
  'connection.vendor.id': { type: 'string', ops: TEXT_OPS },
} as const;

const configFilters = {
  id: { type: 'string', ops: TEXT_OPS },
  status: { type: 'string', ops: ENUM_OPS, options: TIER_CONFIG_STATUSES },
  ...configRefs,
  'account.external_uid': { type: 'string', ops: TEXT_OPS },
  'marketplace.id': { type: 'string', ops: TEXT_OPS },
  created: { type: 'datetime', ops: DATE_OPS },
  updated: { type: 'datetime', ops: DATE_OPS },
} as const;

export const tierConfigResource = defineResource({
  name: 'tier-config',
  title: 'Tier configuration',
  path: '/tier/configs',
  module: 'MD-0004',
  schema: TierConfig,
  statuses: TIER_CONFIG_STATUSES,
  filters: configFilters,
  ordering: ['id', 'status', 'tier_level', 'created', 'updated', 'account.name', 'product.name'],
  defaultOrdering: '-created',
  search: ['id', 'account.name', 'product.name'],
  columns: ['id', 'account.name', 'tier_level', 'product.name', 'connection.provider.name', 'status', 'updated'],
  visibleTo: ['vendor', 'provider'],
});

// ---------------------------------------------------------------- tier config requests

export const TIER_CONFIG_REQUEST_TYPES = ['setup', 'update', 'adjustment'] as const;
export const TIER_CONFIG_REQUEST_STATUSES = ['draft', 'pending', 'tiers_setup', 'inquiring', 'approved', 'failed'] as const;
export const OPEN_TIER_CONFIG_REQUEST_STATUSES = ['draft', 'pending', 'tiers_setup', 'inquiring'] as const;

export const TierConfigRequest = z.object({
  id: z.string(),
  type: z.enum(TIER_CONFIG_REQUEST_TYPES),
  status: z.enum(TIER_CONFIG_REQUEST_STATUSES),
  /** The config as this request proposes it (params with the request's values). */
  configuration: TierConfig,
  /** The request's parameters (the same list as configuration.params; the reference and its SDKs read it here). */
  params: z.array(RequestParam).optional(),
  /** For a T2 config, the T1 config above it (reference). */
  parent_configuration: z.object({ id: z.string(), name: z.string() }).nullable(),
  previous_approved_request: z.object({ id: z.string() }).nullable(),
  /** The fulfillment request waiting for this one (tiers setup), if any. */
  asset_request: z.object({ id: z.string() }).nullable(),
  assignee: UserRef.nullable(),
  template: TemplateRef.nullable(),
  activation: z.object({ link: z.string().nullable() }),
  reason: z.string(),
  notes: z.string(),
  environment: z.string(),
  effective_date: z.string().nullable(),
  tiers: z.object({ tier1: TierRef.nullable(), tier2: TierRef.nullable() }),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type TierConfigRequest = z.infer<typeof TierConfigRequest>;

/** POST /tier/config-requests: a provider asks to change (update) the config of one of its resellers. */
export const TierConfigRequestCreate = z.object({
  type: z.enum(['update', 'adjustment'], { error: 'type must be update or adjustment' }).default('update'),
  status: z.enum(['draft', 'pending'], { error: 'status must be draft or pending' }).optional(),
  configuration: z.object({
    id: z.string().optional(),
    account: z.object({ id: z.string() }).optional(),
    product: z.object({ id: z.string() }).optional(),
    params: z.array(ParamInput).optional(),
  }),
  notes: z.string().max(4096, maxLength(4096)).optional(),
});

export const TierConfigRequestUpdate = z.object({
  params: z.array(ParamInput).optional(),
  configuration: z.object({ params: z.array(ParamInput).optional() }).optional(),
  notes: z.string().max(4096, maxLength(4096)).optional(),
});

const TcrApproveBody = z.object({ template: z.object({ id: z.string() }).optional(), template_id: z.string().optional() });
/** Dynamic validation: parameters to try (reference: top-level `params`; `configuration.params` accepted too). */
export const TcrValidateBody = z.object({
  params: z.array(ParamInput).optional(),
  configuration: z.object({ params: z.array(ParamInput).optional() }).optional(),
}).optional();

const configRefFilters = Object.fromEntries(Object.entries(configRefs).map(([k, f]) => [`configuration.${k}`, f])) as
  { [K in keyof typeof configRefs as `configuration.${K}`]: (typeof configRefs)[K] };

const requestFilters = {
  id: { type: 'string', ops: TEXT_OPS },
  type: { type: 'string', ops: ENUM_OPS, options: TIER_CONFIG_REQUEST_TYPES },
  status: { type: 'string', ops: ENUM_OPS, options: TIER_CONFIG_REQUEST_STATUSES },
  'assignee.id': { type: 'string', ops: TEXT_OPS },
  'assignee.email': { type: 'string', ops: ['eq', 'ilike', 'in'] },
  'configuration.id': { type: 'string', ops: TEXT_OPS },
  ...configRefFilters,
  tier_level: { type: 'number', ops: ['eq', 'in'], alias: true },
  'asset_request.id': { type: 'string', ops: TEXT_OPS },
  created: { type: 'datetime', ops: DATE_OPS },
  updated: { type: 'datetime', ops: DATE_OPS },
} as const;

export const tierConfigRequestResource = defineResource({
  name: 'tier-config-request',
  title: 'Tier configuration request',
  path: '/tier/config-requests',
  module: 'MD-0004',
  schema: TierConfigRequest,
  create: TierConfigRequestCreate,
  update: TierConfigRequestUpdate,
  statuses: TIER_CONFIG_REQUEST_STATUSES,
  filters: requestFilters,
  ordering: ['id', 'type', 'status', 'created', 'updated', 'configuration.account.name', 'configuration.product.name', 'configuration.tier_level'],
  defaultOrdering: '-created',
  search: ['id', 'configuration.account.name', 'configuration.product.name'],
  columns: ['id', 'type', 'configuration.account.name', 'configuration.tier_level', 'configuration.product.name', 'assignee.name', 'status', 'updated'],
  actions: {
    submit: { from: ['draft'], to: 'pending', label: 'Submit', by: ['provider', 'vendor'] },
    validate: { from: ['draft', 'pending', 'inquiring'], body: TcrValidateBody, label: 'Validate' },
    approve: { from: ['pending'], to: 'approved', body: TcrApproveBody, label: 'Approve', by: ['vendor'] },
    fail: { from: ['pending', 'inquiring', 'tiers_setup'], to: 'failed', body: FailBody, label: 'Reject', by: ['vendor'] },
    inquire: { from: ['pending'], to: 'inquiring', body: InquireBody, label: 'Inquire', by: ['vendor'] },
    pend: { from: ['inquiring'], to: 'pending', label: 'Send to pending' },
    assign: { from: ['pending', 'inquiring', 'tiers_setup'], body: AssignBody, label: 'Assign', by: ['vendor'] },
    unassign: { from: ['pending', 'inquiring', 'tiers_setup'], body: UnassignBody, label: 'Unassign', by: ['vendor'] },
  },
  visibleTo: ['vendor', 'provider'],
});
