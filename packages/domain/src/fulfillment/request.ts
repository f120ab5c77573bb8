import { z } from 'zod';
import {
  TEXT_OPS,
  defineResource,
  defineMachine,
  filterOf,
  roteFilters,
  statusTones,
  assignable,
  draftable,
  inquirable,
  transitionMessage,
  ASSIGNEE_FIELD,
  type Fields,
  type FilterDecl,
  type Refusal,
  type Side,
  type Viewer,
} from '../resource/index.ts';
import { formatDate } from '../format/date.ts';
import { Events } from '../identity/common.ts';
import { ObjectSli, SLI_FIELD, SLI_FILTERS, SLI_ORDERING } from '../slm/sli.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { zDateTime } from '../validation/zod.ts';

import { Asset, CONNECTION_TYPE_FILTER } from './asset.ts';
import { MarketplaceRef, ParamInput, TemplateRef, UserRef } from './common.ts';

const ISO_DATE_TIME = 'must be an ISO 8601 date-time.';
export { AssignBody, InquireBody, UnassignBody } from '../resource/traits.ts';

/** Asset (fulfillment) request types and statuses (reference workflow "subscriptions-fulfillment-request"). */
export const REQUEST_TYPES = [
  'purchase',
  'change',
  'suspend',
  'resume',
  'cancel',
  'adjustment',
  'renew',
  'transfer',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_STATUSES = [
  'draft',
  'pending',
  'tiers_setup',
  'inquiring',
  'approved',
  'failed',
  'scheduled',
  'revoking',
  'revoked',
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
  /** Its service level zone while it waits (slm). */
  sli: ObjectSli.optional(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Request = z.infer<typeof Request>;

const ItemInput = z.object({
  id: z.string({ error: REQUIRED }).min(1, REQUIRED),
  quantity: z
    .union([z.number(), z.string()], { error: 'quantity: must be a number' })
    .transform((q) => String(q).trim()),
});
const TierInput = z
  .object({
    id: z.string().optional(),
    external_uid: z.string().optional(),
  })
  .passthrough()
  .nullable()
  .optional();

/**
 * Body of POST /requests (reference examples): a purchase names the product, connection, items, params and tiers
 * of the new asset; other types name the existing `asset.id` (change: new item quantities; adjustment: params/items).
 * `status: 'draft'` keeps it a draft (dynamic validation, spec §4) until purchase/submit.
 */
export const RequestCreate = z.object({
  type: z.enum(REQUEST_TYPES, { error: `type must be one of ${REQUEST_TYPES.join(', ')}` }),
  status: z.enum(['draft', 'pending'], { error: 'status must be draft or pending' }).optional(),
  asset: z.object(
    {
      id: z.string().optional(),
      external_id: z.string().max(255, maxLength(255)).optional(),
      external_uid: z.string().max(255, maxLength(255)).optional(),
      product: z.object({ id: z.string({ error: REQUIRED }) }).optional(),
      connection: z
        .object({ id: z.string({ error: REQUIRED }) })
        .passthrough()
        .optional(),
      items: z.array(ItemInput).optional(),
      params: z.array(ParamInput).optional(),
      tiers: z.object({ customer: TierInput, tier1: TierInput, tier2: TierInput }).optional(),
    },
    { error: REQUIRED },
  ),
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
export const FailBody = z.object({
  reason: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(4096, maxLength(4096))
    .meta({ title: 'Reason', description: 'The provider and the customer see it.', multiline: true }),
});
export const ScheduleBody = z.object({
  planned_date: zDateTime({ message: ISO_DATE_TIME, local: true, future: 'must be in the future.' }).meta({
    title: 'Planned date',
    description: 'The request returns to pending then.',
    widget: 'datetime',
  }),
});
export const RevokeBody = z.object({
  reason: z.string().max(4096, maxLength(4096)).optional().meta({ title: 'Reason', multiline: true }),
});
export const ValidateBody = z
  .object({ asset: z.object({ params: z.array(ParamInput).optional() }).optional() })
  .optional();

const requestFilters = {
  ...roteFilters(Request, [
    'asset.product',
    'asset.connection',
    'asset.connection.provider',
    'asset.connection.vendor',
    'asset.connection.hub',
    'asset.marketplace',
    'asset.tiers.customer',
    'asset.tiers.tier1',
    'asset.tiers.tier2',
  ]),
  /** The reference's short forms: `assignee` (its id, or null), `asset_id`, `product_id`. */
  assignee: { type: 'string', ops: ['eq', 'null', 'in'], alias: true },
  'assignee.email': { type: 'string', ops: ['eq', 'ilike', 'in'] },
  asset_id: { type: 'string', ops: ['eq', 'in'], alias: true },
  product_id: { type: 'string', ops: TEXT_OPS, alias: true },
  'asset.status': filterOf(Request, 'asset.status'),
  'asset.external_id': filterOf(Request, 'asset.external_id'),
  'asset.external_uid': filterOf(Request, 'asset.external_uid'),
  'asset.connection.type': CONNECTION_TYPE_FILTER,
  'asset.connection.environment': { ...CONNECTION_TYPE_FILTER, alias: true },
  'asset.params.id': { type: 'string', ops: ['eq', 'in'] },
  'asset.params.value': { type: 'string', ops: ['eq', 'in'] },
  answered: filterOf(Request, 'answered'),
  planned_date: filterOf(Request, 'planned_date'),
  ...SLI_FILTERS,
} satisfies Record<string, FilterDecl>;

/** Created by the vendor (adjustment) or the provider (every other type). */
export const requestMaker = (r: Pick<Request, 'type'>): Side =>
  VENDOR_REQUEST_TYPES.includes(r.type) ? 'vendor' : 'provider';

const OPEN_TO_WORK = ['pending', 'inquiring', 'tiers_setup', 'scheduled', 'revoking'] as const;
const drafts = draftable<Request>({
  to: 'pending',
  maker: requestMaker,
  done: () => 'Submitted: the vendor now processes the request.',
});

/**
 * Who may change a request now (PUT, and values sent with validate): its maker while it is a draft, the vendor
 * while it is pending, both sides while it is inquiring.
 */
const requestEditable = (r: Request, v: Viewer): Refusal | null =>
  r.status === 'inquiring' ||
  (r.status === 'draft' && v.side === requestMaker(r)) ||
  (r.status === 'pending' && v.side === 'vendor')
    ? null
    : { kind: 'status', message: transitionMessage('update', r.status) };

/** Whether this viewer may change the request's parameter values now (the update rule). */
export const requestParamsEditable = (r: Request, v: Viewer) => requestEditable(r, v) === null;

export const requestMachine = defineMachine<Request>({
  statuses: statusTones(REQUEST_STATUSES),
  actions: {
    ...drafts.actions,
    /** The reference's name for submitting a draft purchase. */
    purchase: { ...drafts.actions.submit, by: ['provider'], hidden: true },
    validate: { label: 'Validate', from: ['draft', 'pending', 'inquiring'], body: ValidateBody, form: false },
    approve: {
      label: 'Approve',
      from: ['pending'],
      to: 'approved',
      by: ['vendor'],
      body: ApproveBody,
      event: 'approved',
      done: () => 'Approved: the activation text is on the Activation tab.',
    },
    fail: {
      label: 'Reject',
      from: ['pending', 'inquiring', 'tiers_setup'],
      to: 'failed',
      by: ['vendor'],
      body: FailBody,
      event: 'failed',
      intro: (r) => `The request ${r.id} fails; the provider and the customer see the reason.`,
      done: () => 'The request was rejected.',
    },
    ...inquirable<Request>({ params: (r) => r.asset.params }),
    ...assignable<Request>({ from: OPEN_TO_WORK, by: ['vendor'] }),
    schedule: {
      label: 'Schedule',
      from: ['pending'],
      to: 'scheduled',
      by: ['vendor'],
      body: ScheduleBody,
      event: 'scheduled',
      intro: () => 'Delayed activation: the request waits, scheduled, until the planned date, then returns to pending.',
      done: (r) => `Scheduled for ${formatDate(r.planned_date)}.`,
    },
    revoke: {
      label: 'Revoke',
      from: ['scheduled'],
      to: 'revoking',
      by: ['provider'],
      body: RevokeBody,
      event: 'revoking',
      intro: () => 'The vendor confirms the revocation; until then the request is revoking.',
      done: () => 'Revoking: the vendor confirms the revocation.',
    },
    confirm: {
      label: 'Confirm revocation',
      from: ['revoking'],
      to: 'revoked',
      by: ['vendor'],
      event: 'revoked',
      confirm: {
        title: 'Confirm revocation',
        text: (r) => `The provider revoked the scheduled request ${r.id}. Confirm to close it as revoked.`,
        destructive: true,
      },
      done: () => 'The request was revoked.',
    },
  },
  editable: requestEditable,
  deletable: drafts.deletable,
  assigneeField: ASSIGNEE_FIELD,
});

/** How a request's fields read; list columns and detail fields name them. */
const REQUEST_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  type: { label: 'Type', kind: 'enum' },
  status: { label: 'Status', kind: 'status' },
  asset: { label: 'Subscription', kind: 'ref', route: 'subscriptions.directory.details' },
  'asset.status': { label: 'Subscription status', kind: 'enum' },
  'asset.external_id': { label: 'External ID', kind: 'text' },
  'asset.product': { label: 'Product', kind: 'ref', route: 'product', sort: 'asset.product.name' },
  'asset.tiers.customer': {
    label: 'Customer',
    kind: 'ref',
    route: 'customers.directory.details',
    sort: 'asset.tiers.customer.name',
  },
  'asset.tiers.tier1': { label: 'T1', kind: 'ref', route: 'customers.directory.details', hideEmpty: true },
  'asset.tiers.tier2': { label: 'T2', kind: 'ref', route: 'customers.directory.details', hideEmpty: true },
  party: {
    label: 'Party',
    kind: 'party',
    party: { vendor: 'asset.connection.vendor', provider: 'asset.connection.provider' },
  },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details', sort: 'marketplace.name' },
  'asset.connection.id': { label: 'Connection', kind: 'id' },
  'asset.connection.type': { label: 'Environment', kind: 'enum' },
  'asset.connection.hub': { label: 'Hub', kind: 'ref', route: 'hubs.details' },
  contract: { label: 'Contract', kind: 'ref', hideEmpty: true },
  assignee: { label: 'Assignee', kind: 'user' },
  reason: { label: 'Reason', kind: 'multiline', hideEmpty: true },
  planned_date: { label: 'Planned date', kind: 'date', hideEmpty: true },
  effective_date: { label: 'Effective date', kind: 'date', hideEmpty: true },
  template: { label: 'Template', kind: 'ref', hideEmpty: true },
  previous_approved_request: {
    label: 'Previous approved request',
    kind: 'ref',
    route: 'subscriptions.fulfillment.details',
    hideEmpty: true,
  },
  note: { label: 'Note', kind: 'multiline', hideEmpty: true },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
  ...SLI_FIELD,
};

const requestDecl = {
  title: 'Request',
  module: 'MD-0004',
  schema: Request,
  create: RequestCreate,
  update: RequestUpdate,
  /** DELETE removes a draft (and a draft purchase's asset): the workflows' "Draft → Deleted". */
  remove: true,
  removal: {
    label: 'Delete draft',
    title: () => 'Delete draft',
    confirm: (r: Request) =>
      `The draft ${r.id}${r.type === 'purchase' ? ' and its draft subscription are' : ' is'} deleted. This cannot be undone.`,
    done: (r: Request) => `Draft ${r.id} deleted.`,
  },
  filters: requestFilters,
  ordering: [
    'id',
    'type',
    'status',
    'created',
    'updated',
    'asset.product.name',
    'asset.tiers.customer.name',
    'marketplace.name',
    'asset.connection.provider.name',
    'asset.connection.vendor.name',
    'planned_date',
    ...SLI_ORDERING,
  ],
  defaultOrdering: '-created',
  search: ['id', 'asset.id', 'asset.external_id', 'asset.product.name', 'asset.tiers.customer.name'],
  visibleTo: ['vendor', 'provider'],
  machine: requestMachine,
  fields: REQUEST_FIELDS,
  list: {
    columns: ['id', 'type', 'asset.product', 'asset.tiers.customer', 'assignee', 'status', 'sli', 'updated'],
    phone: ['asset.tiers.customer', 'type', 'status'],
    filters: ['type', 'status', 'sli.zone'],
  },
  detail: {
    fields: [
      'id',
      'type',
      'status',
      'sli',
      'asset.status',
      'asset.external_id',
      'asset.connection.id',
      'asset.connection.type',
      'reason',
      'planned_date',
      'effective_date',
      'note',
      'created',
      'updated',
      'asset',
      'asset.product',
      'asset.tiers.customer',
      'asset.tiers.tier1',
      'asset.tiers.tier2',
      'party',
      'marketplace',
      'asset.connection.hub',
      'contract',
      'assignee',
      'template',
      'previous_approved_request',
    ],
  },
} as const;

/**
 * Fulfillment requests. The provider orders (purchase and the other types of its customer's asset), the vendor
 * fulfils: approve with a template, fail with a reason, inquire for parameters, schedule. Visible to the vendor of
 * the product and the provider of the connection only. (`/subscriptions/requests` is the reference's billing
 * requests, another object: it is not served until billing requests are built.)
 */
export const requestResource = defineResource({ ...requestDecl, name: 'request', path: '/requests' });
