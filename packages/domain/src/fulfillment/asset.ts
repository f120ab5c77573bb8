import { z } from 'zod';
import {
  ENUM_OPS,
  defineResource,
  defineMachine,
  filterOf,
  roteFilters,
  statusTones,
  type Fields,
} from '../resource/index.ts';
import { ITEM_TYPE_LABELS, isRecurring, periodLabel, quantityLabel, UNLIMITED_QUANTITY } from '../catalog/item.ts';
import { CONNECTION_TYPES } from '../distribution/connection.ts';
import { formatQuantity } from '../format/display.ts';
import { Events } from '../identity/common.ts';
import { ConnectionRef, MarketplaceRef, ProductRef, RequestParam, TierRef } from './common.ts';

/** Subscription (asset) statuses (reference workflow "subscriptions"). */
export const ASSET_STATUSES = ['draft', 'processing', 'active', 'terminating', 'suspended', 'terminated'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const AssetItem = z.object({
  id: z.string(),
  global_id: z.string(),
  mpn: z.string(),
  display_name: z.string(),
  item_type: z.string(),
  type: z.string(),
  period: z.string().nullable(),
  /** Quantities are strings on the wire, as in the reference ("unlimited" aside, whole or decimal numbers). */
  quantity: z.string(),
  old_quantity: z.string().optional(),
});
export type AssetItem = z.infer<typeof AssetItem>;

// ---------------------------------------------------------------- how an item reads (as the catalogue shows it)

/** 'Reservation' or 'Pay-as-you-go', as the product's items tab says. */
export const assetItemType = (i: Pick<AssetItem, 'type'>) =>
  ITEM_TYPE_LABELS[i.type as keyof typeof ITEM_TYPE_LABELS] ?? i.type;
/** 'Recurring' or 'Perpetual' (a pay-as-you-go item is always recurring). */
export const assetItemPeriod = (i: Pick<AssetItem, 'type' | 'period'>) =>
  i.type === 'ppu' && !isRecurring(i.period) ? periodLabel('monthly') : periodLabel(i.period);
/**
 * A quantity the subscription holds: a pay-as-you-go item is billed by its usage, so its quantity is unlimited, as
 * in the catalogue; other quantities as numbers (-1 and 'unlimited' are unlimited).
 */
export const assetItemQuantity = (i: Pick<AssetItem, 'type'>, quantity: string | undefined) =>
  quantity === undefined || quantity === null
    ? ''
    : i.type === 'ppu'
      ? quantityLabel(UNLIMITED_QUANTITY)
      : formatQuantity(quantity);
/** 'Pay-as-you-go · Recurring · Unlimited': one item in one line, as the product shows it. */
export const assetItemSummary = (i: AssetItem) =>
  [assetItemType(i), assetItemPeriod(i), assetItemQuantity(i, i.quantity)].join(' · ');

export const AssetTiers = z.object({ customer: TierRef, tier1: TierRef.nullable(), tier2: TierRef.nullable() });
export type AssetTiers = z.infer<typeof AssetTiers>;

export const Asset = z.object({
  id: z.string(),
  status: z.enum(ASSET_STATUSES),
  external_id: z.string(),
  external_uid: z.string(),
  product: ProductRef,
  connection: ConnectionRef,
  marketplace: MarketplaceRef.nullable(),
  contract: z.object({ id: z.string(), name: z.string() }).nullable(),
  items: z.array(AssetItem),
  params: z.array(RequestParam),
  tiers: AssetTiers,
  configuration: z.object({ params: z.array(RequestParam) }),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type Asset = z.infer<typeof Asset>;

/** The connection's environment: production, test or preview (filtered as `connection.type`). */
export const CONNECTION_TYPE_FILTER = { type: 'string', ops: ENUM_OPS, options: CONNECTION_TYPES } as const;

const assetFilters = {
  ...roteFilters(Asset, [
    'connection.provider',
    'connection.vendor',
    'connection.hub',
    'tiers.customer',
    'tiers.tier1',
    'tiers.tier2',
  ]),
  external_uid: filterOf(Asset, 'external_uid'),
  'connection.type': CONNECTION_TYPE_FILTER,
};

/** Where the subscription's references lead in the portal and how its fields read. */
const ASSET_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  status: { label: 'Status', kind: 'status' },
  product: { label: 'Product', kind: 'ref', route: 'product', sort: 'product.name' },
  'tiers.customer': {
    label: 'Customer',
    kind: 'ref',
    route: 'customers.directory.details',
    sort: 'tiers.customer.name',
  },
  'tiers.tier1': { label: 'T1', kind: 'ref', route: 'customers.directory.details', hideEmpty: true },
  'tiers.tier2': { label: 'T2', kind: 'ref', route: 'customers.directory.details', hideEmpty: true },
  party: { label: 'Party', kind: 'party', party: { vendor: 'connection.vendor', provider: 'connection.provider' } },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details', sort: 'marketplace.name' },
  'connection.id': { label: 'Connection', kind: 'id' },
  'connection.type': { label: 'Environment', kind: 'enum' },
  'connection.hub': { label: 'Hub', kind: 'ref', route: 'hubs.details' },
  contract: { label: 'Contract', kind: 'ref', hideEmpty: true },
  external_id: { label: 'External ID', kind: 'text' },
  external_uid: { label: 'External UID', kind: 'text' },
  created: { label: 'Created', kind: 'date' },
  updated: { label: 'Updated', kind: 'date' },
};

const assetDecl = {
  title: 'Subscription',
  module: 'MD-0004',
  schema: Asset,
  filters: assetFilters,
  ordering: [
    'id',
    'status',
    'created',
    'updated',
    'product.name',
    'marketplace.name',
    'tiers.customer.name',
    'connection.provider.name',
    'connection.vendor.name',
  ],
  defaultOrdering: '-created',
  search: ['id', 'external_id', 'product.name', 'tiers.customer.name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine<Asset>({ statuses: statusTones(ASSET_STATUSES), actions: {} }),
  fields: ASSET_FIELDS,
  list: {
    columns: ['id', 'product', 'tiers.customer', 'party', 'connection.type', 'status', 'updated'],
    phone: ['product', 'tiers.customer', 'status'],
    filters: ['status', 'connection.type'],
  },
  detail: {
    fields: [
      'id',
      'status',
      'connection.id',
      'connection.type',
      'external_id',
      'external_uid',
      'created',
      'updated',
      'product',
      'tiers.customer',
      'tiers.tier1',
      'tiers.tier2',
      'party',
      'marketplace',
      'connection.hub',
      'contract',
    ],
  },
} as const;

/**
 * Assets (subscriptions) are made and changed only by requests. The vendor of the product and the provider of
 * the connection read them; nobody else. `/subscriptions/assets` serves the same collection.
 */
export const assetResource = defineResource({ ...assetDecl, name: 'asset', path: '/assets' });
export const subscriptionAssetResource = defineResource({
  ...assetDecl,
  name: 'subscription-asset',
  path: '/subscriptions/assets',
});
