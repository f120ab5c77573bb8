import { z } from 'zod';
import { BOOL_OPS, DATE_OPS, ENUM_OPS, NUMBER_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';

export const PRODUCT_STATUSES = ['draft', 'published', 'endofsale'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const Ref = z.object({ id: z.string(), name: z.string().optional() });

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  external_id: z.string().nullable(),
  icon: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  short_description: z.string(),
  detailed_description: z.string(),
  end_of_sale_notes: z.string().nullable(),
  replacement: Ref.nullable(),
  category: Ref.nullable(),
  owner: Ref,
  /** The latest built version; 0 until the first build. */
  version: z.number().int(),
  latest: z.boolean(),
  published_at: z.string().nullable(),
  configurations: z.object({ suspend_resume_supported: z.boolean(), requires_reseller_information: z.boolean() }),
  customer_ui_settings: z.object({
    description: z.string(), getting_started: z.string(),
    download_links: z.array(z.object({ title: z.string(), url: z.string(), visible_for: z.string().optional() })),
    documents: z.array(z.object({ title: z.string(), url: z.string(), visible_for: z.string().optional() })),
    languages: z.array(z.object({ id: z.string(), name: z.string().optional() })),
    provisioning_message: z.string(),
  }),
  visibility: z.object({ owner: z.boolean(), listing: z.boolean(), syndication: z.boolean(), catalog: z.boolean() }),
  capabilities: z.record(z.string(), z.any()),
  stats: z.record(z.string(), z.number()).optional(),
  events: Events,
});
export type Product = z.infer<typeof Product>;

const text = (max: number) => z.string().max(max, `Input must be at most ${max} characters`);

export const ProductCreate = z.object({
  name: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(80, 'Input must be at most 80 characters'),
  external_id: text(100).nullable().optional(),
  short_description: text(512).optional(),
  detailed_description: text(4096).optional(),
  category: z.object({ id: z.string() }).nullable().optional(),
});

export const ProductUpdate = ProductCreate.partial().extend({
  configurations: z.object({ suspend_resume_supported: z.boolean(), requires_reseller_information: z.boolean() }).partial().optional(),
  customer_ui_settings: Product.shape.customer_ui_settings.partial().optional(),
  visibility: Product.shape.visibility.partial().optional(),
});

export const ProductEndSale = z.object({
  replacement: z.object({ id: z.string() }).nullable().optional(),
  end_of_sale_notes: text(1024).optional(),
});

/** Vendors own and edit products; providers read those listed in their marketplaces or connected to their hubs. */
export const productResource = defineResource({
  name: 'product',
  title: 'Product',
  path: '/products',
  module: 'MD-0002',
  schema: Product,
  create: ProductCreate,
  update: ProductUpdate,
  remove: true,
  statuses: PRODUCT_STATUSES,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    external_id: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: PRODUCT_STATUSES },
    version: { type: 'number', ops: NUMBER_OPS },
    'owner.id': { type: 'string', ops: TEXT_OPS },
    'owner.name': { type: 'string', ops: TEXT_OPS },
    'category.id': { type: 'string', ops: ['eq', 'in'] },
    'visibility.listing': { type: 'boolean', ops: BOOL_OPS },
    'visibility.catalog': { type: 'boolean', ops: BOOL_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'status', 'version', 'events.created.at', 'events.updated.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'name', 'external_id'],
  columns: ['id', 'name', 'status', 'version', 'owner.name', 'events.updated.at'],
  actions: {
    endsale: { from: ['published'], to: 'endofsale', body: ProductEndSale, label: 'End of sale', by: ['vendor'] },
    resumesale: { from: ['endofsale'], to: 'published', label: 'Resume sale', by: ['vendor'] },
  },
  visibleTo: ['vendor', 'provider'],
});

export const VERSION_STATUSES = ['building', 'ready', 'failed'] as const;

export const ProductVersion = Product.extend({
  product: Ref,
  build: z.object({ status: z.enum(VERSION_STATUSES), error: z.string().nullable() }),
  changes_description: z.string(),
  public: z.boolean(),
  staging: z.boolean(),
});
export type ProductVersion = z.infer<typeof ProductVersion>;

export const ProductVersionCreate = z.object({ changes_description: text(4096).optional() });
export const ProductVersionUpdate = z.object({ changes_description: text(4096) });

/** Built versions: a frozen copy of the product and its catalogue. Only the latest is editable (its notes). */
export const productVersionResource = defineResource({
  name: 'product-version',
  title: 'Product version',
  path: '/products/:productId/versions',
  module: 'MD-0002',
  schema: ProductVersion,
  create: ProductVersionCreate,
  update: ProductVersionUpdate,
  filters: {
    version: { type: 'number', ops: NUMBER_OPS },
    'build.status': { type: 'string', ops: ENUM_OPS, options: VERSION_STATUSES },
    public: { type: 'boolean', ops: BOOL_OPS },
    staging: { type: 'boolean', ops: BOOL_OPS },
    latest: { type: 'boolean', ops: BOOL_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['version', 'events.created.at'],
  defaultOrdering: '-version',
  search: ['name'],
  columns: ['version', 'build.status', 'changes_description', 'events.created.at'],
  visibleTo: ['vendor', 'provider'],
});
