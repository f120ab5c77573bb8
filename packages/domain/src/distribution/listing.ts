import { z } from 'zod';
import {
  DATE_OPS,
  ENUM_OPS,
  NUMBER_OPS,
  TEXT_OPS,
  defineResource,
  defineMachine,
  statusTones,
} from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';
import { LISTING_REQUEST_STATUSES, LISTING_REQUEST_TYPES, type ListingRequestType } from './listing-statuses.ts';
export * from './listing-statuses.ts';

const AccountRef = z.object({ id: z.string(), name: z.string().optional() });
const ProductRef = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  short_description: z.string().optional(),
  version: z.number().int(),
});
const MarketplaceRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

// ---------------------------------------------------------------- listings

/** Not listed until a `new` request completes; listed until a `remove` request completes. */
export const LISTING_STATUSES = ['listed', 'unlisted'] as const;

export const Listing = z.object({
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  marketplace: MarketplaceRef,
  product: ProductRef,
  vendor: AccountRef,
  provider: AccountRef,
  /** The request in draft, reviewing or deploying that will change this listing, if any. */
  pending_request: z.object({ id: z.string(), type: z.string(), status: z.string() }).nullable().optional(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Listing = z.infer<typeof Listing>;

/** The other side of a listing or request: the provider to the vendor, the vendor to the provider. */
const PARTY = { label: 'Party', kind: 'party', party: { vendor: 'vendor', provider: 'provider' } } as const;

const LISTING_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  product: { label: 'Product', kind: 'ref', route: 'product' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
  party: PARTY,
  status: { label: 'Status', kind: 'status' },
  pending_request: {
    label: 'Request in progress',
    kind: 'ref',
    route: 'listings.requests.details',
    empty: 'None',
  },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

/** Listings are made and changed only by listing requests; the vendor and the marketplace's provider read them. */
export const listingResource = defineResource({
  name: 'listing',
  title: 'Listing',
  path: '/listings',
  module: 'MD-0003',
  schema: Listing,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: LISTING_STATUSES },
    'marketplace.id': { type: 'string', ops: TEXT_OPS },
    'marketplace.name': { type: 'string', ops: TEXT_OPS },
    'product.id': { type: 'string', ops: TEXT_OPS },
    'product.name': { type: 'string', ops: TEXT_OPS },
    'vendor.id': { type: 'string', ops: TEXT_OPS },
    'vendor.name': { type: 'string', ops: TEXT_OPS },
    'provider.id': { type: 'string', ops: TEXT_OPS },
    'provider.name': { type: 'string', ops: TEXT_OPS },
    created: { type: 'datetime', ops: DATE_OPS },
    updated: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'status', 'created', 'updated', 'marketplace.name', 'product.name', 'vendor.name', 'provider.name'],
  defaultOrdering: '-created',
  search: ['id', 'marketplace.name', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine({ statuses: statusTones(LISTING_STATUSES), actions: {} }),
  fields: LISTING_FIELDS,
  list: {
    columns: ['product', 'marketplace', 'party', 'status', 'pending_request', 'updated'],
    phone: ['product', 'status'],
  },
  detail: { fields: ['id', 'status', 'created', 'updated', 'product', 'marketplace', 'party', 'pending_request'] },
});

// ---------------------------------------------------------------- listing requests

export const ListingRequest = z.object({
  id: z.string(),
  type: z.enum(LISTING_REQUEST_TYPES),
  status: z.enum(LISTING_REQUEST_STATUSES),
  /** The reference names the status `state`; both are returned and always equal. */
  state: z.enum(LISTING_REQUEST_STATUSES),
  product: ProductRef,
  marketplace: MarketplaceRef,
  listing: z.object({ id: z.string(), status: z.string().optional() }).nullable(),
  vendor: AccountRef,
  provider: AccountRef,
  creator: AccountRef,
  assignee: AccountRef.nullable(),
  note: z.string(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type ListingRequest = z.infer<typeof ListingRequest>;

/**
 * `new` names the product and the marketplace; `update` and `remove` name the listing (or its product and
 * marketplace). The product must be the vendor's and published; the marketplace's owner an active partner.
 */
export const ListingRequestCreate = z
  .object({
    type: z.enum(LISTING_REQUEST_TYPES, { error: `type must be one of ${LISTING_REQUEST_TYPES.join(', ')}` }),
    product_id: z.string().min(1, REQUIRED).optional(),
    marketplace_id: z.string().min(1, REQUIRED).optional(),
    listing_id: z.string().min(1, REQUIRED).optional(),
    note: z.string().max(4096, maxLength(4096)).optional(),
  })
  .superRefine((v, ctx) => {
    const byListing = v.listing_id !== undefined;
    if (v.type === 'new' || !byListing) {
      if (!v.product_id) ctx.addIssue({ code: 'custom', path: ['product_id'], message: REQUIRED });
      if (!v.marketplace_id) ctx.addIssue({ code: 'custom', path: ['marketplace_id'], message: REQUIRED });
    }
  });

export const ListingRequestAssign = z.object({ assignee: z.object({ id: z.string({ error: REQUIRED }) }).optional() });

export const LISTING_REQUEST_TYPE_LABELS: Record<ListingRequestType, string> = {
  new: 'New',
  update: 'Update',
  remove: 'Remove',
};

const LISTING_REQUEST_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  type: { label: 'Type', kind: 'enum', labels: LISTING_REQUEST_TYPE_LABELS },
  status: { label: 'Status', kind: 'status' },
  product: { label: 'Product', kind: 'ref', route: 'product' },
  'product.version': { label: 'Product version', kind: 'number' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
  listing: {
    label: 'Listing',
    kind: 'ref',
    route: 'listings.directory.details',
    empty: 'Made when the request is submitted',
  },
  party: PARTY,
  creator: { label: 'Created by', kind: 'user' },
  assignee: { label: 'Assignee', kind: 'user', empty: 'Nobody' },
  note: { label: 'Note', kind: 'multiline' },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

/**
 * Vendor drafts and submits; the marketplace's provider reviews, may send it back (refine), deploys, completes or
 * cancels, and assigns it to one of its users. A draft is deleted by the vendor (DELETE → status deleted).
 */
export const listingRequestResource = defineResource({
  name: 'listing-request',
  title: 'Listing request',
  path: '/listing-requests',
  module: 'MD-0003',
  schema: ListingRequest,
  create: ListingRequestCreate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: LISTING_REQUEST_TYPES },
    status: { type: 'string', ops: ENUM_OPS, options: LISTING_REQUEST_STATUSES },
    state: { type: 'string', ops: ENUM_OPS, options: LISTING_REQUEST_STATUSES, alias: true },
    'product.id': { type: 'string', ops: TEXT_OPS },
    'product.name': { type: 'string', ops: TEXT_OPS },
    'product.version': { type: 'number', ops: NUMBER_OPS },
    'marketplace.id': { type: 'string', ops: TEXT_OPS },
    'marketplace.name': { type: 'string', ops: TEXT_OPS },
    'listing.id': { type: 'string', ops: TEXT_OPS },
    'vendor.id': { type: 'string', ops: TEXT_OPS },
    'vendor.name': { type: 'string', ops: TEXT_OPS },
    'provider.id': { type: 'string', ops: TEXT_OPS },
    'provider.name': { type: 'string', ops: TEXT_OPS },
    'assignee.id': { type: 'string', ops: TEXT_OPS },
    created: { type: 'datetime', ops: DATE_OPS },
    updated: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: [
    'id',
    'type',
    'status',
    'state',
    'created',
    'updated',
    'product.name',
    'marketplace.name',
    'vendor.name',
    'provider.name',
  ],
  defaultOrdering: '-created',
  search: ['id', 'product.id', 'product.name', 'vendor.name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine({
    statuses: statusTones(LISTING_REQUEST_STATUSES),
    actions: {
      submit: {
        from: ['draft'],
        to: 'reviewing',
        label: 'Submit',
        by: ['vendor'],
        done: (r) => `Submitted: ${r.provider.name ?? r.provider.id} reviews the request.`,
      },
      refine: {
        from: ['reviewing'],
        to: 'draft',
        label: 'Refine',
        by: ['provider'],
        done: () => 'Sent back to the vendor to refine.',
      },
      deploy: {
        from: ['reviewing'],
        to: 'deploying',
        label: 'Deploy',
        by: ['provider'],
        done: () => 'Deploying: complete the request once the product is live in the marketplace.',
      },
      complete: {
        from: ['deploying'],
        to: 'completed',
        label: 'Complete',
        by: ['provider'],
        done: (r) => {
          const where = `${r.product.name} in ${r.marketplace.name}`;
          if (r.type === 'new') return `Completed: ${where} is now listed.`;
          if (r.type === 'remove') return `Completed: ${r.product.name} is no longer listed in ${r.marketplace.name}.`;
          return `Completed: the listing of ${where} was updated.`;
        },
      },
      cancel: {
        from: ['reviewing', 'deploying'],
        to: 'canceled',
        label: 'Cancel',
        by: ['provider'],
        confirm: {
          title: 'Cancel request',
          confirmLabel: 'Cancel request',
          dismissLabel: 'Keep request',
          destructive: true,
          text: (r) =>
            `Cancel the request to ${r.type === 'remove' ? 'remove' : 'list'} ${r.product.name} in ${r.marketplace.name}? The vendor has to make a new one.`,
        },
        done: () => 'The request was canceled.',
      },
      assign: { from: ['reviewing', 'deploying'], body: ListingRequestAssign, label: 'Assign', by: ['provider'] },
      unassign: {
        from: ['reviewing', 'deploying'],
        label: 'Unassign',
        by: ['provider'],
        shown: (r) => !!r.assignee,
        done: () => 'The request is no longer assigned.',
      },
    },
  }),
  fields: LISTING_REQUEST_FIELDS,
  list: {
    columns: ['id', 'type', 'product', 'marketplace', 'party', 'assignee', 'status', 'updated'],
    phone: ['product', 'status'],
  },
  detail: {
    fields: [
      'id',
      'type',
      'status',
      'product.version',
      'note',
      'created',
      'updated',
      'product',
      'marketplace',
      'listing',
      'party',
      'creator',
      'assignee',
    ],
  },
});
