import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
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

const assetFilters = {
  id: { type: 'string', ops: TEXT_OPS },
  status: { type: 'string', ops: ENUM_OPS, options: ASSET_STATUSES },
  external_id: { type: 'string', ops: TEXT_OPS },
  external_uid: { type: 'string', ops: TEXT_OPS },
  'product.id': { type: 'string', ops: TEXT_OPS },
  'product.name': { type: 'string', ops: TEXT_OPS },
  'connection.id': { type: 'string', ops: TEXT_OPS },
  'connection.type': { type: 'string', ops: ENUM_OPS, options: ['production', 'test', 'preview'] },
  'connection.provider.id': { type: 'string', ops: TEXT_OPS },
  'connection.provider.name': { type: 'string', ops: TEXT_OPS },
  'connection.vendor.id': { type: 'string', ops: TEXT_OPS },
  'connection.vendor.name': { type: 'string', ops: TEXT_OPS },
  'connection.hub.id': { type: 'string', ops: TEXT_OPS },
  'marketplace.id': { type: 'string', ops: TEXT_OPS },
  'marketplace.name': { type: 'string', ops: TEXT_OPS },
  'tiers.customer.id': { type: 'string', ops: TEXT_OPS },
  'tiers.customer.name': { type: 'string', ops: TEXT_OPS },
  'tiers.tier1.id': { type: 'string', ops: TEXT_OPS },
  'tiers.tier1.name': { type: 'string', ops: TEXT_OPS },
  'tiers.tier2.id': { type: 'string', ops: TEXT_OPS },
  created: { type: 'datetime', ops: DATE_OPS },
  updated: { type: 'datetime', ops: DATE_OPS },
} as const;

const assetDecl = {
  title: 'Subscription',
  module: 'MD-0004',
  schema: Asset,
  statuses: ASSET_STATUSES,
  filters: assetFilters,
  ordering: ['id', 'status', 'created', 'updated', 'product.name', 'marketplace.name', 'tiers.customer.name', 'connection.provider.name', 'connection.vendor.name'],
  defaultOrdering: '-created',
  search: ['id', 'external_id', 'product.name', 'tiers.customer.name'],
  columns: ['id', 'product.name', 'tiers.customer.name', 'connection.provider.name', 'marketplace.name', 'status', 'updated'],
  visibleTo: ['vendor', 'provider'],
} as const;

/**
 * Assets (subscriptions) are made and changed only by requests. The vendor of the product and the provider of
 * the connection read them; nobody else. `/subscriptions/assets` serves the same collection.
 */
export const assetResource = defineResource({ ...assetDecl, name: 'asset', path: '/assets' });
export const subscriptionAssetResource = defineResource({ ...assetDecl, name: 'subscription-asset', path: '/subscriptions/assets' });
