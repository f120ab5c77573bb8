import { z } from 'zod';
import {
  DATE_OPS,
  defineResource,
  defineMachine,
  filterOf,
  roteFilters,
  statusTones,
  type Fields,
  type Refusal,
  type Viewer,
} from '../resource/index.ts';
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
    description: z.string(),
    getting_started: z.string(),
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
  name: z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(80, 'Input must be at most 80 characters'),
  external_id: text(100).nullable().optional(),
  short_description: text(512).optional(),
  detailed_description: text(4096).optional(),
  category: z.object({ id: z.string() }).nullable().optional(),
});

export const ProductUpdate = ProductCreate.partial().extend({
  configurations: z
    .object({ suspend_resume_supported: z.boolean(), requires_reseller_information: z.boolean() })
    .partial()
    .optional(),
  customer_ui_settings: Product.shape.customer_ui_settings.partial().optional(),
  visibility: Product.shape.visibility.partial().optional(),
});

export const ProductEndSale = z.object({
  end_of_sale_notes: text(1024)
    .optional()
    .meta({ title: 'Notes', description: 'Why the sale ends, shown to customers.', multiline: true }),
  replacement: z.object({ id: z.string() }).nullable().optional(),
});

/** Catalogue statuses read as words: 'endofsale' is "End of sale" (spec §4). */
export const CATALOG_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  endofsale: 'End of sale',
};

/** Only the vendor that owns a product changes it, or anything in it. */
export const ownsProduct =
  (verb: string) =>
  (p: Pick<Product, 'owner'>, v: Viewer): Refusal | null =>
    v.side === 'vendor' && p.owner.id === v.accountId
      ? null
      : { kind: 'side', message: `Only the vendor that owns this product can ${verb} it.` };

export const productMachine = defineMachine<Product>({
  statuses: statusTones(PRODUCT_STATUSES, {
    draft: 'default',
    endofsale: { tone: 'default', label: CATALOG_STATUS_LABELS.endofsale },
  }),
  actions: {
    endsale: {
      label: 'End of sale',
      from: ['published'],
      to: 'endofsale',
      by: ['vendor'],
      rule: ownsProduct('change'),
      body: ProductEndSale,
      intro: () =>
        'Customers can no longer buy this product; existing subscriptions keep it. You can resume the sale later.',
      done: (p) => `End of sale: ${p.name}.`,
    },
    resumesale: {
      label: 'Resume sale',
      from: ['endofsale'],
      to: 'published',
      by: ['vendor'],
      rule: ownsProduct('change'),
      done: (p) => `Resume sale: ${p.name}.`,
    },
  },
  editable: ownsProduct('change'),
  deletable: (p, v) =>
    ownsProduct('delete')(p, v) ??
    (p.status === 'draft'
      ? null
      : { kind: 'guard', message: `Only a draft product can be deleted; this one is ${p.status}.` }),
});

const PRODUCT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  status: { label: 'Status', kind: 'status' },
  category: { label: 'Category', kind: 'ref', sort: 'category.name' },
  version: { label: 'Version', kind: 'number' },
  owner: { label: 'Vendor', kind: 'ref' },
  short_description: { label: 'Short description', kind: 'multiline' },
  detailed_description: { label: 'Detailed description', kind: 'multiline' },
  external_id: { label: 'External ID', kind: 'text' },
  end_of_sale_notes: { label: 'End of sale notes', kind: 'multiline' },
  replacement: { label: 'Replacement', kind: 'ref', route: 'product' },
  published_at: { label: 'Published', kind: 'date' },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

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
  filters: {
    ...roteFilters(Product),
    'category.id': filterOf(Product, 'category.id', ['eq', 'in']),
    version: filterOf(Product, 'version'),
    'visibility.listing': filterOf(Product, 'visibility.listing'),
    'visibility.catalog': filterOf(Product, 'visibility.catalog'),
  },
  ordering: ['id', 'name', 'status', 'version', 'events.created.at', 'events.updated.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'name', 'external_id'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  machine: productMachine,
  removal: {
    label: 'Delete',
    title: () => 'Delete product',
    confirm: (p: Product) =>
      `Delete the draft product ${p.name} (${p.id}) with its items, parameters and content? This cannot be undone.`,
    done: (p: Product) => `Product ${p.name} (${p.id}) was deleted.`,
  },
  fields: PRODUCT_FIELDS,
  list: {
    columns: ['name', 'category', 'status', 'version', 'owner', 'events.updated.at'],
    phone: ['name', 'status'],
    filters: ['status'],
  },
  detail: {
    fields: ['name', 'short_description', 'detailed_description', 'category', 'external_id'],
  },
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

export const ProductVersionCreate = z.object({
  changes_description: text(4096)
    .optional()
    .meta({ title: 'Changes description', description: 'What changed since the previous version.', multiline: true }),
});
export const ProductVersionUpdate = z.object({ changes_description: text(4096) });

/** How a build reads: building is work in progress, ready the good end, failed the bad one. */
export const VERSION_BUILD_STATUSES = statusTones(VERSION_STATUSES);

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
    version: filterOf(ProductVersion, 'version'),
    'build.status': filterOf(ProductVersion, 'build.status'),
    public: filterOf(ProductVersion, 'public'),
    staging: filterOf(ProductVersion, 'staging'),
    latest: filterOf(ProductVersion, 'latest'),
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['version', 'events.created.at'],
  defaultOrdering: '-version',
  search: ['name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: {
    version: { label: 'Version', kind: 'number' },
    'build.status': { label: 'Status', kind: 'enum' },
    changes_description: { label: 'Changes', kind: 'multiline' },
    'events.built.at': { label: 'Built', kind: 'date' },
    'events.built.by': { label: 'By', kind: 'user' },
  },
  list: { columns: ['version', 'build.status', 'changes_description', 'events.built.at', 'events.built.by'] },
});
