import { z } from 'zod';
import {
  DATE_OPS,
  ENUM_OPS,
  TEXT_OPS,
  defineResource,
  type ResourceDecl,
  defineMachine,
  statusTones,
} from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';

export const CONNECTION_TYPES = ['production', 'test', 'preview'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
/** The reference's statuses; connections made here start active (the partnership is the approval) and may be revoked. */
export const CONNECTION_STATUSES = ['pending', 'approved', 'rejected', 'revoked', 'active'] as const;

const AccountRef = z.object({ id: z.string(), name: z.string().optional() });

export const Connection = z.object({
  id: z.string(),
  type: z.enum(CONNECTION_TYPES),
  status: z.enum(CONNECTION_STATUSES),
  provider: AccountRef,
  vendor: AccountRef,
  hub: z.object({
    id: z.string(),
    name: z.string(),
    instance: z.object({ id: z.string().nullable(), type: z.string() }).optional(),
  }),
  product: z.object({
    id: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    short_description: z.string().optional(),
    version: z.number().int(),
  }),
  created_at: z.string(),
  note: z.string().nullable(),
  product_version_type: z.string(),
  events: Events,
});
export type Connection = z.infer<typeof Connection>;

export const ConnectionCreate = z.object({
  hub: z.object({ id: z.string({ error: REQUIRED }).min(1, REQUIRED) }, { error: REQUIRED }),
  type: z.enum(CONNECTION_TYPES, { error: `type must be one of ${CONNECTION_TYPES.join(', ')}` }),
  note: z.string().max(4096, maxLength(4096)).nullable().optional(),
});
export const ConnectionUpdate = z.object({ note: z.string().max(4096, maxLength(4096)).nullable() });

const filters: ResourceDecl['filters'] = {
  id: { type: 'string', ops: TEXT_OPS },
  type: { type: 'string', ops: ENUM_OPS, options: CONNECTION_TYPES },
  status: { type: 'string', ops: ENUM_OPS, options: CONNECTION_STATUSES },
  'hub.id': { type: 'string', ops: TEXT_OPS },
  'hub.name': { type: 'string', ops: TEXT_OPS },
  'product.id': { type: 'string', ops: TEXT_OPS },
  'product.name': { type: 'string', ops: TEXT_OPS },
  'provider.id': { type: 'string', ops: TEXT_OPS },
  'vendor.id': { type: 'string', ops: TEXT_OPS },
  created_at: { type: 'datetime', ops: DATE_OPS },
};

/**
 * A product's connections to hubs: the vendor makes them for a hub of an active partner provider; a production
 * connection lets that provider read the product. Either side may revoke one.
 */
export const productConnectionResource = defineResource({
  name: 'connection',
  title: 'Connection',
  path: '/products/:productId/connections',
  module: 'MD-0002',
  schema: Connection,
  create: ConnectionCreate,
  update: ConnectionUpdate,
  filters,
  ordering: ['id', 'type', 'status', 'created_at', 'product.name'],
  defaultOrdering: '-created_at',
  search: ['id', 'hub.name', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine({
    statuses: statusTones(CONNECTION_STATUSES),
    actions: { revoke: { from: ['active'], to: 'revoked', label: 'Revoke' } },
  }),
});

export const CONNECTION_TYPE_LABELS: Record<ConnectionType, string> = {
  production: 'Production',
  test: 'Test',
  preview: 'Preview',
};

const HUB_CONNECTION_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  // the hub's provider may not read a product connected for test only: no link
  product: { label: 'Product', kind: 'ref' },
  party: { label: 'Party', kind: 'party', party: { vendor: 'vendor', provider: 'provider' } },
  type: { label: 'Type', kind: 'enum', labels: CONNECTION_TYPE_LABELS },
  status: { label: 'Status', kind: 'status' },
  created_at: { label: 'Created', kind: 'date' },
};

/** The connections of one hub, as its provider (or a vendor with a product connected to it) sees them. */
export const hubConnectionResource = defineResource({
  name: 'hub-connection',
  title: 'Connection',
  path: '/hubs/:hubId/connections',
  module: 'MD-0003',
  schema: Connection,
  filters,
  ordering: ['id', 'type', 'status', 'created_at', 'product.name'],
  defaultOrdering: '-created_at',
  search: ['id', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine({ statuses: statusTones(CONNECTION_STATUSES), actions: {} }),
  fields: HUB_CONNECTION_FIELDS,
  list: { columns: ['id', 'product', 'party', 'type', 'status', 'created_at'], phone: ['product', 'status'] },
});
