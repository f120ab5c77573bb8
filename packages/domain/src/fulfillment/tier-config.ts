import { z } from 'zod';
import {
  TEXT_OPS,
  defineResource,
  defineMachine,
  filterOf,
  roteFilters,
  statusTones,
  assignable,
  inquirable,
  transitionMessage,
  ASSIGNEE_FIELD,
  type Fields,
  type FilterDecl,
  type Side,
  type Viewer,
} from '../resource/index.ts';
import { TIER_SCOPE_LABELS } from '../customers/tier-account.ts';
import { Events } from '../identity/common.ts';
import { ObjectSli, SLI_FIELD, SLI_FILTERS, SLI_ORDERING } from '../slm/sli.ts';
import { maxLength } from '../validation/messages.ts';
import {
  ConnectionRef,
  MarketplaceRef,
  ParamInput,
  ProductRef,
  RequestParam,
  TemplateRef,
  TierRef,
  UserRef,
} from './common.ts';
import { CONNECTION_TYPE_FILTER } from './asset.ts';
import { FailBody } from './request.ts';

/** Tier configuration statuses (reference workflow "tier-config"). */
export const TIER_CONFIG_STATUSES = ['draft', 'processing', 'active'] as const;
export const TIER_LEVELS = [1, 2] as const;
/** Tier level 1 / 2 as the portal names it (spec §1: T1, T2). */
export const TIER_LEVEL_LABELS: Readonly<Record<string, string>> = {
  1: TIER_SCOPE_LABELS.tier1,
  2: TIER_SCOPE_LABELS.tier2,
};
export const tierLevelLabel = (level: number) => TIER_LEVEL_LABELS[level] ?? `Level ${level}`;

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
  tier_level: filterOf(TierConfig, 'tier_level', ['eq', 'in']),
  'account.id': filterOf(TierConfig, 'account.id', TEXT_OPS),
  'account.name': filterOf(TierConfig, 'account.name', TEXT_OPS),
  'product.id': filterOf(TierConfig, 'product.id', TEXT_OPS),
  'product.name': filterOf(TierConfig, 'product.name', TEXT_OPS),
  'connection.id': filterOf(TierConfig, 'connection.id', TEXT_OPS),
  'connection.type': CONNECTION_TYPE_FILTER,
  'connection.provider.id': filterOf(TierConfig, 'connection.provider.id', TEXT_OPS),
  'connection.vendor.id': filterOf(TierConfig, 'connection.vendor.id', TEXT_OPS),
} satisfies Record<string, FilterDecl>;

const configFilters = {
  ...roteFilters(TierConfig, ['connection.provider', 'connection.vendor']),
  ...configRefs,
  'account.external_uid': filterOf(TierConfig, 'account.external_uid'),
} satisfies Record<string, FilterDecl>;

/** Where the parties, the reseller and the product of a config (or of a request's config, under `prefix`) lead. */
const configFields = (prefix: string): Fields => ({
  [`${prefix}account`]: {
    label: 'Reseller',
    kind: 'ref',
    route: 'customers.directory.details',
    sort: `${prefix}account.name`,
  },
  [`${prefix}account.external_id`]: { label: 'External ID', kind: 'text', hideEmpty: true },
  [`${prefix}account.external_uid`]: { label: 'External UID', kind: 'text' },
  [`${prefix}account.tax_id`]: { label: 'Tax ID', kind: 'text', hideEmpty: true },
  [`${prefix}account.contact_info.contact`]: { label: 'Contact', kind: 'contact' },
  [`${prefix}tier_level`]: { label: 'Level', kind: 'enum', labels: TIER_LEVEL_LABELS, sort: `${prefix}tier_level` },
  [`${prefix}product`]: { label: 'Product', kind: 'ref', route: 'product', sort: `${prefix}product.name` },
  [`${prefix}connection.id`]: { label: 'Connection', kind: 'id' },
  [`${prefix}connection.type`]: { label: 'Environment', kind: 'enum' },
  [`${prefix}connection.hub`]: { label: 'Hub', kind: 'ref', route: 'hubs.details' },
  party: {
    label: 'Party',
    kind: 'party',
    party: { vendor: `${prefix}connection.vendor`, provider: `${prefix}connection.provider` },
  },
});

export const tierConfigResource = defineResource({
  name: 'tier-config',
  title: 'Tier configuration',
  path: '/tier/configs',
  module: 'MD-0004',
  schema: TierConfig,
  filters: configFilters,
  ordering: ['id', 'status', 'tier_level', 'created', 'updated', 'account.name', 'product.name'],
  defaultOrdering: '-created',
  search: ['id', 'account.name', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine<TierConfig>({ statuses: statusTones(TIER_CONFIG_STATUSES), actions: {} }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    status: { label: 'Status', kind: 'status' },
    ...configFields(''),
    marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
    open_request: {
      label: 'Open request',
      kind: 'ref',
      route: 'tierConfigs.requests.details',
      empty: 'None',
    },
    template: { label: 'Template', kind: 'ref', hideEmpty: true },
    created: { label: 'Created', kind: 'date' },
    updated: { label: 'Updated', kind: 'date' },
  },
  list: {
    columns: ['account', 'tier_level', 'product', 'party', 'id', 'open_request', 'status', 'updated'],
    phone: ['account', 'product', 'status'],
    filters: ['status'],
  },
  detail: {
    fields: [
      'id',
      'status',
      'tier_level',
      'account.external_id',
      'account.external_uid',
      'account.tax_id',
      'account.contact_info.contact',
      'connection.id',
      'connection.type',
      'created',
      'updated',
      'account',
      'product',
      'party',
      'marketplace',
      'connection.hub',
      'open_request',
      'template',
    ],
  },
});

// ---------------------------------------------------------------- tier config requests

export const TIER_CONFIG_REQUEST_TYPES = ['setup', 'update', 'adjustment'] as const;
export const TIER_CONFIG_REQUEST_STATUSES = [
  'draft',
  'pending',
  'tiers_setup',
  'inquiring',
  'approved',
  'failed',
] as const;
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
  /** Its service level zone while it waits (slm). */
  sli: ObjectSli.optional(),
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

const TcrApproveBody = z.object({
  template: z.object({ id: z.string() }).optional(),
  template_id: z.string().optional(),
});
/** Dynamic validation: parameters to try (reference: top-level `params`; `configuration.params` accepted too). */
export const TcrValidateBody = z
  .object({
    params: z.array(ParamInput).optional(),
    configuration: z.object({ params: z.array(ParamInput).optional() }).optional(),
  })
  .optional();

const configRefFilters = Object.fromEntries(Object.entries(configRefs).map(([k, f]) => [`configuration.${k}`, f])) as {
  [K in keyof typeof configRefs as `configuration.${K}`]: (typeof configRefs)[K];
};

const requestFilters = {
  ...roteFilters(TierConfigRequest, ['configuration.connection', 'configuration.connection.provider']),
  'assignee.email': { type: 'string', ops: ['eq', 'ilike', 'in'] },
  'configuration.id': filterOf(TierConfigRequest, 'configuration.id', TEXT_OPS),
  ...configRefFilters,
  tier_level: { ...configRefs.tier_level, alias: true },
  'asset_request.id': filterOf(TierConfigRequest, 'asset_request.id', TEXT_OPS),
  ...SLI_FILTERS,
} satisfies Record<string, FilterDecl>;

/** The parameters of a tier config request (the configuration's, as the request proposes them). */
export const tierConfigRequestParams = (r: Pick<TierConfigRequest, 'configuration'>) => r.configuration.params;

/** Where each side may change parameters: the provider while the request is open, the vendor while it decides. */
export const TCR_PARAMS_EDITABLE: Record<Side, readonly string[]> = {
  provider: ['draft', 'pending', 'inquiring', 'tiers_setup'],
  vendor: ['pending', 'inquiring'],
};

/** Whether this viewer may change the request's parameter values now (TCR_PARAMS_EDITABLE). */
export const tierConfigRequestParamsEditable = (r: Pick<TierConfigRequest, 'status'>, v: Pick<Viewer, 'side'>) =>
  TCR_PARAMS_EDITABLE[v.side].includes(r.status);

const OPEN_TO_WORK = ['pending', 'inquiring', 'tiers_setup'] as const;

export const tierConfigRequestMachine = defineMachine<TierConfigRequest>({
  statuses: statusTones(TIER_CONFIG_REQUEST_STATUSES),
  actions: {
    submit: {
      label: 'Submit',
      from: ['draft'],
      to: 'pending',
      by: ['provider', 'vendor'],
      event: 'pended',
      form: false,
      done: () => 'Submitted: the vendor now reviews the request.',
    },
    validate: { label: 'Validate', from: ['draft', 'pending', 'inquiring'], body: TcrValidateBody, form: false },
    approve: {
      label: 'Approve',
      from: ['pending'],
      to: 'approved',
      by: ['vendor'],
      body: TcrApproveBody,
      event: 'approved',
      done: (r) =>
        `Approved: the ${tierLevelLabel(r.configuration.tier_level)} configuration of ${r.configuration.account.name} for ${r.configuration.product.name} is active with these values.`,
    },
    fail: {
      label: 'Reject',
      from: ['pending', 'inquiring', 'tiers_setup'],
      to: 'failed',
      by: ['vendor'],
      body: FailBody,
      event: 'failed',
      intro: (r) =>
        `The request ${r.id} fails${r.asset_request ? `, and with it the fulfillment request ${r.asset_request.id}` : ''}; the provider sees the reason.`,
      done: () => 'The request was rejected.',
    },
    ...inquirable<TierConfigRequest>({ params: tierConfigRequestParams }),
    ...assignable<TierConfigRequest>({ from: OPEN_TO_WORK, by: ['vendor'] }),
  },
  /** Parameters follow TCR_PARAMS_EDITABLE; notes may change while the request is open, on either side. */
  editable: (r) =>
    (OPEN_TIER_CONFIG_REQUEST_STATUSES as readonly string[]).includes(r.status)
      ? null
      : { kind: 'status', message: transitionMessage('update', r.status) },
  assigneeField: ASSIGNEE_FIELD,
});

export const tierConfigRequestResource = defineResource({
  name: 'tier-config-request',
  title: 'Tier configuration request',
  path: '/tier/config-requests',
  module: 'MD-0004',
  schema: TierConfigRequest,
  create: TierConfigRequestCreate,
  update: TierConfigRequestUpdate,
  filters: requestFilters,
  ordering: [
    'id',
    'type',
    'status',
    'created',
    'updated',
    'configuration.account.name',
    'configuration.product.name',
    'configuration.tier_level',
    ...SLI_ORDERING,
  ],
  defaultOrdering: '-created',
  search: ['id', 'configuration.account.name', 'configuration.product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: tierConfigRequestMachine,
  fields: {
    id: { label: 'ID', kind: 'id' },
    type: { label: 'Type', kind: 'enum' },
    status: { label: 'Status', kind: 'status' },
    ...configFields('configuration.'),
    configuration: { label: 'Configuration', kind: 'ref', route: 'tierConfigs.directory.details' },
    parent_configuration: {
      label: 'T1 configuration',
      kind: 'ref',
      route: 'tierConfigs.directory.details',
      hideEmpty: true,
    },
    asset_request: {
      label: 'Fulfillment request',
      kind: 'ref',
      route: 'subscriptions.fulfillment.details',
      empty: 'None',
    },
    previous_approved_request: {
      label: 'Previous approved request',
      kind: 'ref',
      route: 'tierConfigs.requests.details',
      hideEmpty: true,
    },
    assignee: { label: 'Assignee', kind: 'user' },
    template: { label: 'Template', kind: 'ref', hideEmpty: true },
    reason: { label: 'Reason', kind: 'multiline', hideEmpty: true },
    notes: { label: 'Notes', kind: 'multiline', hideEmpty: true },
    effective_date: { label: 'Effective date', kind: 'date', hideEmpty: true },
    created: { label: 'Created', kind: 'date' },
    updated: { label: 'Updated', kind: 'date' },
    ...SLI_FIELD,
  },
  list: {
    columns: [
      'id',
      'type',
      'configuration.account',
      'configuration.tier_level',
      'configuration.product',
      'assignee',
      'status',
      'sli',
      'updated',
    ],
    phone: ['configuration.account', 'type', 'status'],
    filters: ['type', 'status', 'sli.zone'],
  },
  detail: {
    fields: [
      'id',
      'type',
      'status',
      'sli',
      'configuration.tier_level',
      'configuration.account.external_id',
      'configuration.account.external_uid',
      'configuration.account.tax_id',
      'configuration.account.contact_info.contact',
      'configuration.connection.id',
      'configuration.connection.type',
      'reason',
      'effective_date',
      'notes',
      'created',
      'updated',
      'configuration.account',
      'configuration.product',
      'configuration',
      'parent_configuration',
      'party',
      'configuration.connection.hub',
      'asset_request',
      'previous_approved_request',
      'assignee',
      'template',
    ],
  },
});
