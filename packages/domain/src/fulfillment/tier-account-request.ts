import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';
import { TierAccount } from '../tiers/tier-account.ts';
import { AccountRef, ProductRef } from './common.ts';

/** Reference workflow "tier-account-requests": pending until the vendor accepts or ignores it. */
export const TIER_ACCOUNT_REQUEST_STATUSES = ['pending', 'accepted', 'ignored', 'unsupported'] as const;

/**
 * Filed for every vendor (and product) with subscriptions of a tier account when the provider changes that
 * account, so the vendor can take the new data into its systems. `account` is the account's new version.
 */
export const TierAccountRequest = z.object({
  id: z.string(),
  type: z.literal('update'),
  status: z.enum(TIER_ACCOUNT_REQUEST_STATUSES),
  account: TierAccount,
  vendor: AccountRef,
  provider: AccountRef,
  product: ProductRef,
  reason: z.string(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type TierAccountRequest = z.infer<typeof TierAccountRequest>;

export const TierAccountRequestIgnore = z.object({ reason: z.string().trim().max(4096).optional() });

export const tierAccountRequestResource = defineResource({
  name: 'tier-account-request',
  title: 'Tier account request',
  path: '/tier/account-requests',
  module: 'MD-0009',
  schema: TierAccountRequest,
  statuses: TIER_ACCOUNT_REQUEST_STATUSES,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: ['update'] },
    status: { type: 'string', ops: ENUM_OPS, options: TIER_ACCOUNT_REQUEST_STATUSES },
    'account.id': { type: 'string', ops: TEXT_OPS },
    'account.name': { type: 'string', ops: TEXT_OPS },
    'account.version': { type: 'number', ops: ['eq', 'gt', 'ge', 'lt', 'le'] },
    'vendor.id': { type: 'string', ops: TEXT_OPS },
    'provider.id': { type: 'string', ops: TEXT_OPS },
    'provider.name': { type: 'string', ops: TEXT_OPS },
    'product.id': { type: 'string', ops: TEXT_OPS },
    'product.name': { type: 'string', ops: TEXT_OPS },
    created: { type: 'datetime', ops: DATE_OPS },
    updated: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'status', 'created', 'updated', 'account.name', 'product.name', 'provider.name'],
  defaultOrdering: '-created',
  search: ['id', 'account.name', 'product.name'],
  columns: ['id', 'account.name', 'account.version', 'product.name', 'provider.name', 'status', 'created'],
  actions: {
    accept: { from: ['pending'], to: 'accepted', label: 'Accept', by: ['vendor'] },
    ignore: { from: ['pending'], to: 'ignored', body: TierAccountRequestIgnore, label: 'Ignore', by: ['vendor'] },
  },
  visibleTo: ['vendor', 'provider'],
});
