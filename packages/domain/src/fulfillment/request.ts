import { z } from 'zod';
import { BOOL_OPS, DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { zDateTime } from '../validation/zod.ts';

const ISO_DATE_TIME = 'must be an ISO 8601 date-time.';
import { Asset, ASSET_STATUSES } from './asset.ts';
import { MarketplaceRef, ParamInput, TemplateRef, UserRef } from './common.ts';

/** Asset (fulfillment) request types and statuses (reference workflow "subscriptions-fulfillment-request"). */
export const REQUEST_TYPES = ['purchase', 'change', 'suspend', 'resume', 'cancel', 'adjustment', 'renew', 'transfer'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_STATUSES = [
  'draft', 'pending', 'tiers_setup', 'inquiring', 'approved', 'failed', 'scheduled', 'revoking', 'revoked',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Not yet decided: an asset has at most one request in these statuses. */
export const OPEN_REQUEST_STATUSES = ['draft', 'pending', 'tiers_setup', 'inquiring', 'scheduled', 'revoking'] as const;
export const FINAL_REQUEST_STATUSES = ['approved', 'failed', 'revoked'] as const;
/** Created by the vendor; every other type by the provider (the distributor, for its customer). */
export const VENDOR_REQUEST_TYPES: readonly RequestType[] = ['adjustment'];

export const Request = z.object({
  id: z.string(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  /** The asset as this request proposes it: items with the new quantities, parameters with their values. */
  asset: Asset,
  marketplace: MarketplaceRef.nullable(),
  contract: z.object({ id: z.string(), name: z.string() }).nullable(),
  assignee: UserRef.nullable(),
  note: z.string(),
  /** Why the request failed or was revoked. */
  reason: z.string(),
  /** Rendered activation text (Markdown) of the approve template. */
  activation_key: z.string(),
  template: TemplateRef.nullable(),
  /** When a scheduled request returns to pending. */
  planned_date: z.string().nullable(),
  effective_date: z.string().nullable(),
  /** Whether the provider answered the last inquiry. */
  answered: z.boolean(),
  previous_approved_request: z.object({ id: z.string() }).nullable(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Request = z.infer<typeof Request>;

const ItemInput = z.object({
  id: z.string({ error: REQUIRED }).min(1, REQUIRED),
  quantity: z.union([z.number(), z.string()], { error: 'quantity: must be a number' }).transform((q) => String(q).trim()),
});
const TierInput = z.object({
  id: z.string().optional(),
  external_uid: z.string().optional(),
}).passthrough().nullable().optional();

/**
 * Body of POST /requests (reference examples): a purchase names the product, connection, items, params and tiers
 * of the new asset; other types name the existing `asset.id` (change: new item quantities; adjustment: params/items).
 * `status: 'draft'` keeps it a draft (dynamic validation, spec §4) until purchase/submit.
 */
export const RequestCreate = z.object({
  type: z.enum(REQUEST_TYPES, { error: `type must be one of ${REQUEST_TYPES.join(', ')}` }),
  status: z.enum(['draft', 'pending'], { error: 'status must be draft or pending' }).optional(),
  asset: z.object({
    id: z.string().optional(),
    external_id: z.string().max(255, maxLength(255)).optional(),
    external_uid: z.string().max(255, maxLength(255)).optional(),
    product: z.object({ id: z.string({ error: REQUIRED }) }).optional(),
    connection: z.object({ id: z.string({ error: REQUIRED }) }).passthrough().optional(),
    items: z.array(ItemInput).optional(),
    params: z.array(ParamInput).optional(),
    tiers: z.object({ customer: TierInput, tier1: TierInput, tier2: TierInput }).optional(),
  }, { error: REQUIRED }),
  marketplace: z.object({ id: z.string() }).nullable().optional(),
  note: z.string().max(4096, maxLength(4096)).optional(),
  planned_date: z.string().optional(),
});
export type RequestCreate = z.infer<typeof RequestCreate>;

/** PUT /requests/{id}: only parameter value, structured_value and value_error change (reference), and the note. */
export const RequestUpdate = z.object({
  asset: z.object({ params: z.array(ParamInput).optional(), items: z.array(ItemInput).optional() }).optional(),
  note: z.string().max(4096, maxLength(4096)).optional(),
});

export const ApproveBody = z.object({
  template_id: z.string().optional(),
  template: z.object({ id: z.string() }).optional(),
  activation_tile: z.string().max(65536).optional(),
  effective_date: zDateTime({ message: ISO_DATE_TIME, local: true }).optional(),
});
export const FailBody = z.object({ reason: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(4096, maxLength(4096)) });
export const InquireBody = z.object({ template_id: z.string().optional(), template: z.object({ id: z.string() }).optional(), activation_tile: z.string().optional() });
export const AssignBody = z.object({ id: z.string().optional(), email: z.string().optional() });
export const UnassignBody = z.object({ force: z.boolean().optional() });
export const ScheduleBody = z.object({ planned_date: zDateTime({ message: ISO_DATE_TIME, local: true, future: 'must be in the future.' }) });
export const RevokeBody = z.object({ reason: z.string().max(4096, maxLength(4096)).optional() });
export const ValidateBody = z.object({ asset: z.object({ params: z.array(ParamInput).optional() }).optional() }).optional();

const requestFilters = {
  id: { type: 'string', ops: TEXT_OPS },
  type: { type: 'string', ops: ENUM_OPS, options: REQUEST_TYPES },
  status: { type: 'string', ops: ENUM_OPS, options: REQUEST_STATUSES },
  assignee: { type: 'string', ops: ['eq', 'null', 'in'], alias: true },
  'assignee.id': { type: 'string', ops: TEXT_OPS },
  'assignee.email': { type: 'string', ops: ['eq', 'ilike', 'in'] },
  'asset.id': { type: 'string', ops: TEXT_OPS },
  asset_id: { type: 'string', ops: ['eq', 'in'], alias: true },
  'asset.status': { type: 'string', ops: ENUM_OPS, options: ASSET_STATUSES },
  'asset.external_id': { type: 'string', ops: TEXT_OPS },
  'asset.external_uid': { type: 'string', ops: TEXT_OPS },
  'asset.product.id': { type: 'string', ops: TEXT_OPS },
  product_id: { type: 'string', ops: TEXT_OPS, alias: true },
  'asset.product.name': { type: 'string', ops: TEXT_OPS },
  'asset.connection.id': { type: 'string', ops: TEXT_OPS },
  'asset.connection.type': { type: 'string', ops: ENUM_OPS, options: ['production', 'test', 'preview'] },
  'asset.connection.environment': { type: 'string', ops: ENUM_OPS, options: ['production', 'test', 'preview'], alias: true },
  'asset.connection.provider.id': { type: 'string', ops: TEXT_OPS },
  'asset.connection.provider.name': { type: 'string', ops: TEXT_OPS },
  'asset.connection.vendor.id': { type: 'string', ops: TEXT_OPS },
  'asset.connection.vendor.name': { type: 'string', ops: TEXT_OPS },
  'asset.connection.hub.id': { type: 'string', ops: TEXT_OPS },
  'asset.marketplace.id': { type: 'string', ops: TEXT_OPS },
  'marketplace.id': { type: 'string', ops: TEXT_OPS },
  'marketplace.name': { type: 'string', ops: TEXT_OPS },
  'asset.tiers.customer.id': { type: 'string', ops: TEXT_OPS },
  'asset.tiers.customer.name': { type: 'string', ops: TEXT_OPS },
  'asset.tiers.tier1.id': { type: 'string', ops: TEXT_OPS },
  'asset.tiers.tier2.id': { type: 'string', ops: TEXT_OPS },
  'asset.params.id': { type: 'string', ops: ['eq', 'in'] },
  'asset.params.value': { type: 'string', ops: ['eq', 'in'] },
  answered: { type: 'boolean', ops: BOOL_OPS },
  created: { type: 'datetime', ops: DATE_OPS },
  updated: { type: 'datetime', ops: DATE_OPS },
  planned_date: { type: 'datetime', ops: DATE_OPS },
} as const;

const requestActions = {
  purchase: { from: ['draft'], to: 'pending', label: 'Submit', by: ['provider'] },
  submit: { from: ['draft'], to: 'pending', label: 'Submit', by: ['provider', 'vendor'] },
  validate: { from: ['draft', 'pending', 'inquiring'], body: ValidateBody, label: 'Validate' },
  approve: { from: ['pending'], to: 'approved', body: ApproveBody, label: 'Approve', by: ['vendor'] },
  fail: { from: ['pending', 'inquiring', 'tiers_setup'], to: 'failed', body: FailBody, label: 'Reject', by: ['vendor'] },
  inquire: { from: ['pending'], to: 'inquiring', body: InquireBody, label: 'Inquire', by: ['vendor'] },
  pend: { from: ['inquiring'], to: 'pending', label: 'Send to pending' },
  assign: { from: ['pending', 'inquiring', 'tiers_setup', 'scheduled', 'revoking'], body: AssignBody, label: 'Assign', by: ['vendor'] },
  unassign: { from: ['pending', 'inquiring', 'tiers_setup', 'scheduled', 'revoking'], body: UnassignBody, label: 'Unassign', by: ['vendor'] },
  schedule: { from: ['pending'], to: 'scheduled', body: ScheduleBody, label: 'Schedule', by: ['vendor'] },
  revoke: { from: ['scheduled'], to: 'revoking', body: RevokeBody, label: 'Revoke', by: ['provider'] },
  confirm: { from: ['revoking'], to: 'revoked', label: 'Confirm revocation', by: ['vendor'] },
} as const;

const requestDecl = {
  title: 'Request',
  module: 'MD-0004',
  schema: Request,
  create: RequestCreate,
  update: RequestUpdate,
  /** DELETE removes a draft (and a draft purchase's asset): the workflows' "Draft → Deleted". */
  remove: true,
  statuses: REQUEST_STATUSES,
  filters: requestFilters,
  ordering: ['id', 'type', 'status', 'created', 'updated', 'asset.product.name', 'asset.tiers.customer.name', 'marketplace.name', 'asset.connection.provider.name', 'asset.connection.vendor.name', 'planned_date'],
  defaultOrdering: '-created',
  search: ['id', 'asset.id', 'asset.external_id', 'asset.product.name', 'asset.tiers.customer.name'],
  columns: ['id', 'type', 'asset.product.name', 'asset.tiers.customer.name', 'assignee.name', 'status', 'updated'],
  actions: requestActions,
  visibleTo: ['vendor', 'provider'],
} as const;

/**
 * Fulfillment requests. The provider orders (purchase and the other types of its customer's asset), the vendor
 * fulfils: approve with a template, fail with a reason, inquire for parameters, schedule. Visible to the vendor of
 * the product and the provider of the connection only. `/subscriptions/requests` serves the same collection.
 */
export const requestResource = defineResource({ ...requestDecl, name: 'request', path: '/requests' });
export const subscriptionRequestResource = defineResource({ ...requestDecl, name: 'subscription-request', path: '/subscriptions/requests' });
