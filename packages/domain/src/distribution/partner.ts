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
import { HELPDESK_MODULE } from '../identity/modules.ts';
import { REQUIRED } from '../validation/messages.ts';
import { ProductVersion } from '../catalog/product.ts';
import type { Fields } from '../resource/fields.ts';

export const PARTNER_STATUSES = ['invited', 'active', 'removed'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/**
 * The other side of a vendor–provider relation, as the caller sees it: `id` is the partner account's id. Each side
 * has its own row; both change together. `invitation.by` tells who invited whom (only the invited side accepts).
 */
export const Partner = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PARTNER_STATUSES),
  icon: z.string().nullable(),
  type: z.enum(['vendor', 'provider']),
  role: z.string(),
  description: z.string(),
  overview: z.string(),
  headquarters: z.string(),
  countries: z.array(z.object({ id: z.string(), name: z.string().optional() })),
  languages: z.record(z.string(), z.any()),
  websites: z.record(z.string(), z.any()),
  stats: z.object({
    listings: z.number().int(),
    contracts: z.object({
      distribution: z.number().int(),
      program: z.number().int(),
      service: z.number().int(),
      syndication: z.number().int(),
    }),
  }),
  public: z.record(z.string(), z.any()),
  invitation: z.object({ by: z.object({ id: z.string(), name: z.string().optional() }), at: z.string() }),
  /** The account whose view of the partner this is (the caller's). */
  account: z.object({ id: z.string() }),
  events: Events,
});
export type Partner = z.infer<typeof Partner>;

/** Invite an account of the other kind (a vendor invites a provider or the reverse) by its id. */
/** How a partner's kind reads. */
export const PARTNER_TYPE_LABELS: Record<Partner['type'], string> = { vendor: 'Vendor', provider: 'Provider' };

const PARTNER_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  type: { label: 'Type', kind: 'enum', labels: PARTNER_TYPE_LABELS },
  role: { label: 'Role', kind: 'enum' },
  status: { label: 'Status', kind: 'status' },
  description: { label: 'Description', kind: 'multiline' },
  /** The screens say who invited whom beside the date. */
  'invitation.at': { label: 'Invitation', kind: 'date' },
  'stats.listings': { label: 'Listings', kind: 'number' },
};

export const PartnerCreate = z.object({ id: z.string({ error: REQUIRED }).trim().min(1, REQUIRED) });

export const partnerResource = defineResource({
  name: 'partner',
  title: 'Partner',
  path: '/partners',
  module: 'MD-0010',
  readableWith: [HELPDESK_MODULE],
  schema: Partner,
  create: PartnerCreate,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: PARTNER_STATUSES },
    type: { type: 'string', ops: ENUM_OPS, options: ['vendor', 'provider'] },
    role: { type: 'string', ops: TEXT_OPS },
    'stats.listings': { type: 'number', ops: NUMBER_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'status', 'type', 'role', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine({
    statuses: statusTones(PARTNER_STATUSES),
    actions: {
      // only the invited side accepts; either side ends the partnership
      accept: {
        from: ['invited'],
        to: 'active',
        label: 'Accept invitation',
        shown: (p, v) => p.invitation.by.id !== v.accountId,
        done: (p) => `You are now partners with ${p.name}.`,
      },
      remove: {
        from: ['active'],
        to: 'removed',
        label: 'Remove partner',
        confirm: {
          title: 'Remove partner',
          destructive: true,
          text: (p) =>
            `End the partnership with ${p.name}? Neither side can start new listings or connections until one invites the other again.`,
        },
        done: (p) => `${p.name} is no longer a partner.`,
      },
    },
  }),
  fields: PARTNER_FIELDS,
  list: {
    columns: ['name', 'type', 'status', 'invitation.at', 'stats.listings'],
    phone: ['name', 'status'],
  },
  detail: {
    fields: ['id', 'name', 'type', 'role', 'status', 'description', 'invitation.at', 'stats.listings'],
  },
});

/**
 * The catalogue a partner sees, as the latest published version of each product: a provider sees every published
 * product of an active vendor partner; a vendor sees its own products listed in or connected to the partner.
 */
export const partnerProductResource = defineResource({
  name: 'partner-product',
  title: 'Product',
  path: '/partners/:partnerId/products',
  module: 'MD-0010',
  readableWith: [HELPDESK_MODULE],
  schema: ProductVersion,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: ['published', 'endofsale'] },
    version: { type: 'number', ops: NUMBER_OPS },
    'category.id': { type: 'string', ops: ['eq', 'in'] },
  },
  ordering: ['id', 'name', 'version'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Product', kind: 'text' },
    version: { label: 'Version', kind: 'number' },
    category: { label: 'Category', kind: 'ref' },
    short_description: { label: 'Description', kind: 'text' },
  },
  list: { columns: ['id', 'name', 'version', 'category', 'short_description'], phone: ['name', 'version'] },
});
