import { z } from 'zod';
import { defineResource, filterOf, roteFilters, defineMachine, statusTones } from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import { maxLength } from '../validation/messages.ts';
import { TierAccount } from './tier-account.ts';
import { AccountRef, ProductRef } from '../fulfillment/common.ts';

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

export const TierAccountRequestIgnore = z.object({
  reason: z
    .string()
    .trim()
    .max(4096, maxLength(4096))
    .optional()
    .meta({ title: 'Reason', description: 'Optional. The provider reads it.', multiline: true }),
});

const version = (r: TierAccountRequest) => `version ${r.account.version} of ${r.account.name}`;

export const tierAccountRequestMachine = defineMachine<TierAccountRequest>({
  statuses: statusTones(TIER_ACCOUNT_REQUEST_STATUSES),
  actions: {
    accept: {
      label: 'Accept',
      from: ['pending'],
      to: 'accepted',
      by: ['vendor'],
      event: 'accepted',
      done: (r) => `Accepted: ${version(r)} is taken into your systems.`,
    },
    ignore: {
      label: 'Ignore',
      from: ['pending'],
      to: 'ignored',
      by: ['vendor'],
      body: TierAccountRequestIgnore,
      event: 'ignored',
      intro: (r) =>
        `The changed data of ${r.account.name} (version ${r.account.version}) will not be taken into your systems.`,
      done: (r) => `Ignored: ${version(r)} stays out of your systems.`,
    },
  },
});

export const tierAccountRequestResource = defineResource({
  name: 'tier-account-request',
  title: 'Tier account request',
  path: '/tier/account-requests',
  module: 'MD-0009',
  schema: TierAccountRequest,
  filters: {
    ...roteFilters(TierAccountRequest),
    'account.version': filterOf(TierAccountRequest, 'account.version', ['eq', 'gt', 'ge', 'lt', 'le']),
  },
  ordering: ['id', 'status', 'created', 'updated', 'account.name', 'product.name', 'provider.name', 'vendor.name'],
  defaultOrdering: '-created',
  search: ['id', 'account.name', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: tierAccountRequestMachine,
  fields: {
    id: { label: 'ID', kind: 'id' },
    type: { label: 'Type', kind: 'enum' },
    status: { label: 'Status', kind: 'status' },
    account: { label: 'Account', kind: 'ref', route: 'customers.directory.details' },
    'account.version': { label: 'Version', kind: 'number' },
    product: { label: 'Product', kind: 'ref', route: 'product' },
    party: { label: 'Party', kind: 'party', party: { vendor: 'vendor', provider: 'provider' } },
    reason: { label: 'Reason', kind: 'multiline' },
    created: { label: 'Created', kind: 'date' },
    'account.external_uid': { label: 'External UID', kind: 'text' },
    'account.external_id': { label: 'External ID', kind: 'text' },
    'account.tax_id': { label: 'Tax ID', kind: 'text' },
    'account.contact_info': { label: 'Address', kind: 'address' },
    'account.contact_info.contact': { label: 'Contact', kind: 'contact' },
  },
  list: {
    columns: ['id', 'account', 'account.version', 'product', 'party', 'status', 'created'],
    phone: ['account', 'status'],
  },
  detail: {
    fields: [
      'id',
      'type',
      'status',
      'account.version',
      'account.external_uid',
      'account.external_id',
      'account.tax_id',
      'account.contact_info',
      'account.contact_info.contact',
      'reason',
      'account',
      'product',
      'party',
    ],
  },
});
