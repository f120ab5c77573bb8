import { z } from 'zod';
import { DATE_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';

export const HUB_INSTANCE_TYPES = ['OA', 'API'] as const;

export const Hub = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  company: z.object({ id: z.string(), name: z.string().optional() }),
  instance: z.object({ id: z.string().nullable(), type: z.enum(HUB_INSTANCE_TYPES) }),
  version: z.string().nullable(),
  extension_version: z.string().nullable(),
  last_health_check: z.string().nullable(),
  stats: z.object({ connections: z.number().int(), marketplaces: z.number().int() }).optional(),
  events: Events,
});
export type Hub = z.infer<typeof Hub>;

/** The reference writes instance_type in lower case and returns it upper case; either is accepted. */
const instanceType = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(HUB_INSTANCE_TYPES, { error: 'instance_type must be oa or api' }));

export const HubCreate = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(256, maxLength(256)),
  description: z.string().max(4096, maxLength(4096)).optional(),
  instance_id: z.string().max(255, maxLength(255)).nullable().optional(),
  instance_type: instanceType.optional(),
  version: z.string().max(256, maxLength(256)).nullable().optional(),
  extension_version: z.string().max(256, maxLength(256)).nullable().optional(),
});
export const HubUpdate = HubCreate.partial();

const HUB_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  company: { label: 'Owner', kind: 'ref' },
  'instance.type': { label: 'Instance type', kind: 'enum', labels: { OA: 'OA', API: 'API' } },
  'instance.id': { label: 'Instance ID', kind: 'text' },
  version: { label: 'Version', kind: 'text' },
  extension_version: { label: 'Extension version', kind: 'text' },
  last_health_check: { label: 'Last health check', kind: 'date', empty: 'Never' },
  'stats.marketplaces': { label: 'Marketplaces', kind: 'number' },
  'stats.connections': { label: 'Active connections', kind: 'number' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

/** Hubs belong to a provider; vendors see the hubs of their active partners and those their products connect to. */
export const hubResource = defineResource({
  name: 'hub',
  title: 'Hub',
  path: '/hubs',
  module: 'MD-0003',
  schema: Hub,
  create: HubCreate,
  update: HubUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    'company.id': { type: 'string', ops: TEXT_OPS },
    'instance.id': { type: 'string', ops: TEXT_OPS },
    'instance.type': { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'events.created.at', 'events.updated.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'name', 'instance.id'],
  visibleTo: ['vendor', 'provider'],
  fields: HUB_FIELDS,
  list: {
    columns: ['name', 'instance.type', 'instance.id', 'stats.marketplaces', 'stats.connections', 'events.updated.at'],
    phone: ['name', 'stats.connections'],
  },
  detail: {
    fields: [
      'id',
      'name',
      'description',
      'instance.type',
      'instance.id',
      'version',
      'extension_version',
      'last_health_check',
      'stats.marketplaces',
      'stats.connections',
      'company',
    ],
  },
});

/** A marketplace as a hub lists it: with the external id the hub knows it by. */
export const HubMarketplace = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  external_id: z.string(),
});
export type HubMarketplace = z.infer<typeof HubMarketplace>;

export const hubMarketplaceResource = defineResource({
  name: 'hub-marketplace',
  title: 'Marketplace',
  path: '/hubs/:hubId/marketplaces',
  module: 'MD-0003',
  schema: HubMarketplace,
  filters: { id: { type: 'string', ops: TEXT_OPS }, name: { type: 'string', ops: TEXT_OPS } },
  ordering: ['id', 'name'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    external_id: { label: 'External ID', kind: 'text' },
  },
  list: { columns: ['id', 'name', 'external_id'], phone: ['name', 'external_id'] },
});
