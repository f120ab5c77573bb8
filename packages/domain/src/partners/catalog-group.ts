import { z } from 'zod';
import { NUMBER_OPS, TEXT_OPS, defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import type { Fields } from '../resource/fields.ts';
import { CONTRACT_STATUSES } from './contract.ts';

// Catalog groups (reference /catalog/groups, "product groups"): a named set of products an account puts together so
// that its agreements can say what they cover. A vendor groups its own products, a provider the products it can see.

export const GroupStats = z.object({
  contracts: z.number().int(),
  agreements: z.number().int(),
  products: z.number().int(),
});

export const ProductGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() }),
  /** Products in the group, agreements that cover it and contracts signed under those agreements. */
  stats: GroupStats,
  events: Events,
});
export type ProductGroup = z.infer<typeof ProductGroup>;

const groupName = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(255, maxLength(255));
const groupDescription = z.string().trim().max(4096, maxLength(4096)).nullable();
const ProductIds = z.array(z.object({ id: z.string({ error: REQUIRED }).min(1, REQUIRED) })).max(1000, maxLength(1000));

export const ProductGroupCreate = z.object({
  name: groupName.meta({ title: 'Name' }),
  description: groupDescription.optional().meta({ title: 'Description', multiline: true }),
  /** The products to start with. */
  products: ProductIds.optional(),
});
/** PUT: `products`, when given, replaces the group's products. */
export const ProductGroupUpdate = ProductGroupCreate.partial();

/** POST /catalog/groups/{id}/products and /agreements/{id}/product-groups: the object to link, by id. */
export const LinkById = z.object({ id: z.string({ error: REQUIRED }).trim().min(1, REQUIRED) });

export const productGroupMachine = defineMachine<ProductGroup>({
  statuses: {},
  actions: {},
  deletable: (g) =>
    g.stats.agreements > 0
      ? {
          kind: 'guard',
          message: `${g.name} is covered by ${g.stats.agreements === 1 ? 'an agreement' : `${g.stats.agreements} agreements`}; remove it from them first.`,
        }
      : null,
});

const GROUP_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  owner: { label: 'Owner', kind: 'ref', route: 'partners.details' },
  'stats.products': { label: 'Products', kind: 'number' },
  'stats.agreements': { label: 'Agreements', kind: 'number' },
  'stats.contracts': { label: 'Contracts', kind: 'number' },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

const statsFilters = {
  'stats.products': filterOf(ProductGroup, 'stats.products', NUMBER_OPS),
  'stats.agreements': filterOf(ProductGroup, 'stats.agreements', NUMBER_OPS),
  'stats.contracts': filterOf(ProductGroup, 'stats.contracts', NUMBER_OPS),
};

export const productGroupResource = defineResource({
  name: 'product-group',
  title: 'Catalog group',
  path: '/catalog/groups',
  module: 'MD-0010',
  schema: ProductGroup,
  create: ProductGroupCreate,
  update: ProductGroupUpdate,
  remove: true,
  filters: { ...roteFilters(ProductGroup), ...statsFilters },
  ordering: ['name', 'events.created.at', 'events.updated.at', 'stats.products', 'stats.agreements', 'stats.contracts'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  machine: productGroupMachine,
  fields: GROUP_FIELDS,
  list: {
    columns: ['id', 'name', 'stats.products', 'stats.agreements', 'stats.contracts', 'events.updated.at'],
    phone: ['name', 'stats.products'],
  },
  detail: {
    fields: ['id', 'name', 'description', 'stats.products', 'stats.agreements', 'stats.contracts'],
  },
});

/**
 * The catalog groups an agreement covers (reference /agreements/{id}/product-groups): read by whoever reads the
 * agreement; its owner adds (POST {id}) and removes them (DELETE).
 */
export const agreementProductGroupResource = defineResource({
  ...productGroupResource,
  name: 'agreement-product-group',
  path: '/agreements/:agreementId/product-groups',
  noun: 'catalog groups',
  create: LinkById,
  update: undefined,
  remove: false,
  machine: undefined,
  writableBy: ['provider'],
});

// ---------------------------------------------------------------- products of a group

/** A product as a group lists it (reference dp.Product in /catalog/groups/{id}/products). */
export const GroupProduct = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable().optional(),
  status: z.string(),
  category: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  description: z.string(),
});
export type GroupProduct = z.infer<typeof GroupProduct>;

export const groupProductResource = defineResource({
  name: 'group-product',
  title: 'Product',
  path: '/catalog/groups/:groupId/products',
  module: 'MD-0010',
  schema: GroupProduct,
  create: LinkById,
  remove: false,
  filters: {
    id: filterOf(GroupProduct, 'id'),
    name: filterOf(GroupProduct, 'name'),
    'category.id': filterOf(GroupProduct, 'category.id', TEXT_OPS),
    'category.name': filterOf(GroupProduct, 'category.name', TEXT_OPS),
  },
  ordering: ['name', 'id', 'category.id', 'category.name'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    status: { label: 'Status', kind: 'status' },
    'category.name': { label: 'Category', kind: 'text' },
    description: { label: 'Description', kind: 'text' },
  },
  list: { columns: ['name', 'id', 'category.name', 'status'], phone: ['name', 'status'] },
});

/** Products of the groups an agreement covers (reference /agreements/{id}/products). */
export const agreementProductResource = defineResource({
  ...groupProductResource,
  name: 'agreement-product',
  path: '/agreements/:agreementId/products',
  create: undefined,
});

// ---------------------------------------------------------------- agreements and partners of a group

/** An agreement that covers a group (reference dp.AgreementReferenceWithDescription). */
export const GroupAgreement = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type GroupAgreement = z.infer<typeof GroupAgreement>;

export const groupAgreementResource = defineResource({
  name: 'group-agreement',
  title: 'Agreement',
  path: '/catalog/groups/:groupId/agreements',
  module: 'MD-0010',
  schema: GroupAgreement,
  filters: { id: filterOf(GroupAgreement, 'id'), name: filterOf(GroupAgreement, 'name') },
  ordering: ['name', 'id'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: [],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Agreement', kind: 'text' },
    description: { label: 'Description', kind: 'text' },
  },
  list: { columns: ['name', 'id', 'description'], phone: ['name'] },
});

export const PARTNER_ROLES = ['vendor', 'distributor', 'reseller'] as const;

/**
 * A partner holding a contract under an agreement that covers the group (reference dp.PartnerReference): the
 * partner's account, the agreement and the contract.
 */
export const GroupPartner = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable().optional(),
  role: z.enum(PARTNER_ROLES),
  agreement: z.object({ id: z.string(), name: z.string() }),
  contract: z.object({ id: z.string(), status: z.enum(CONTRACT_STATUSES), version: z.number().int() }),
  events: Events,
});
export type GroupPartner = z.infer<typeof GroupPartner>;

export const groupPartnerResource = defineResource({
  name: 'group-partner',
  title: 'Partner',
  path: '/catalog/groups/:groupId/partners',
  module: 'MD-0010',
  schema: GroupPartner,
  filters: {
    id: filterOf(GroupPartner, 'id'),
    name: filterOf(GroupPartner, 'name'),
    'agreement.id': filterOf(GroupPartner, 'agreement.id', TEXT_OPS),
    'agreement.name': filterOf(GroupPartner, 'agreement.name', TEXT_OPS),
    'contract.id': filterOf(GroupPartner, 'contract.id', TEXT_OPS),
    'contract.status': filterOf(GroupPartner, 'contract.status'),
    'contract.version': filterOf(GroupPartner, 'contract.version', NUMBER_OPS),
    'events.created.at': { type: 'datetime', ops: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'range'] },
  },
  ordering: ['name', 'agreement.name', 'contract.status', 'contract.version', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: [],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Partner', kind: 'text' },
    role: {
      label: 'Role',
      kind: 'enum',
      labels: { vendor: 'Vendor', distributor: 'Distributor', reseller: 'Reseller' },
    },
    agreement: { label: 'Agreement', kind: 'ref', route: 'partners.agreements.details' },
    'contract.id': { label: 'Contract', kind: 'id' },
    'contract.status': { label: 'Contract status', kind: 'text' },
  },
  list: {
    columns: ['name', 'id', 'role', 'agreement', 'contract.id', 'contract.status'],
    phone: ['name', 'contract.status'],
    filters: ['contract.status'],
  },
});

/** Partners holding a contract under one agreement (reference /agreements/{id}/partners): the same rows. */
export const agreementPartnerResource = defineResource({
  ...groupPartnerResource,
  name: 'agreement-partner',
  path: '/agreements/:agreementId/partners',
});
