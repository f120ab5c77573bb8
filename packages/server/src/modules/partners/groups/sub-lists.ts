import { sql } from 'kysely';
import {
  AGREEMENT_PARTNER,
  agreementPartnerResource,
  agreementProductGroupResource,
  agreementProductResource,
  groupAgreementResource,
  groupPartnerResource,
  groupProductResource,
  type Agreement,
  type Contract,
  type GroupAgreement,
  type GroupPartner,
  type GroupProduct,
  type Product,
} from '@trellis/domain';
import type { Ctx } from '../../../http/context.ts';
import type { Db, Params, Served } from '../../../resources/engine.ts';
import { agreementParentVisible, agreementVisible } from '../access.ts';
import { agreementTable, contractTable } from '../tables.ts';
import { productGroups } from './product-groups.ts';
import { productGroupTable } from './tables.ts';

// The lists under a catalog group (its products, the agreements covering it, the partners under those) and under an
// agreement (its groups, their products): views of the objects themselves, so names and statuses are current.

/** Whether the group in the path is one of the caller's (else its sub-lists answer 404). */
export async function ownGroup(db: Db, ctx: Ctx, groupId: string | undefined) {
  if (!groupId) return false;
  const row = await db
    .selectFrom('product_groups')
    .select('id')
    .where('id', '=', groupId)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
  return Boolean(row);
}

const inOwnGroup = (ctx: Ctx, params: Params) =>
  sql`(select product_id from product_group_products
    where group_id = ${params.groupId ?? ''} and account_id = ${ctx.account.id})`;
const coveredGroups = (params: Params) =>
  sql`(select group_id from agreement_product_groups where agreement_id = ${params.agreementId ?? ''})`;
const agreementInPath = (ctx: Ctx, params: Params) =>
  sql`exists (select 1 from agreements a where a.id = ${params.agreementId ?? ''} and ${agreementVisible(ctx, 'a')})`;

/** A product as a group lists it (reference dp.Product): its current name, status, category and short description. */
export function asGroupProduct(p: Product): GroupProduct {
  return {
    id: p.id,
    name: p.name,
    icon: p.icon ?? null,
    status: p.status,
    category: p.category ? { id: p.category.id, name: p.category.name ?? '' } : null,
    description: p.short_description ?? '',
  };
}

/** Lists read from the products table: its promoted columns, the rest from the product's data. */
const productList = {
  table: 'products',
  columns: { id: 'id', name: 'name', status: 'status' },
  row: () => ({}),
  present: (p: Product) => asGroupProduct(p) as unknown as Product,
} as const;

/** GET /catalog/groups/{id}/products (POST and DELETE: links.ts). */
export const groupProducts: Served<Product> = {
  ...productList,
  decl: groupProductResource,
  parentVisible: (ctx, params, db) => ownGroup(db, ctx, params.groupId),
  scope: (ctx, params) => sql<boolean>`t.id in ${inOwnGroup(ctx, params)}`,
};

/** GET /agreements/{id}/products: the products of every group the agreement covers. */
export const agreementProducts: Served<Product> = {
  ...productList,
  decl: agreementProductResource,
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`${agreementInPath(ctx, params)} and t.id in
    (select product_id from product_group_products where group_id in ${coveredGroups(params)})`,
};

/** GET /agreements/{id}/product-groups (POST and DELETE: links.ts). */
export const agreementProductGroups: Served<any> = {
  decl: agreementProductGroupResource,
  table: productGroupTable,
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`${agreementInPath(ctx, params)} and t.id in ${coveredGroups(params)}`,
  presentMany: productGroups.presentMany,
};

/** GET /catalog/groups/{id}/agreements: the agreements that cover one of the caller's groups. */
export const groupAgreements: Served<Agreement> = {
  decl: groupAgreementResource,
  table: agreementTable,
  columns: { name: 'title' },
  parentVisible: (ctx, params, db) => ownGroup(db, ctx, params.groupId),
  scope: (ctx, params) => sql<boolean>`t.account_id = ${ctx.account.id} and t.id in
    (select agreement_id from agreement_product_groups where group_id = ${params.groupId ?? ''})`,
  present: (a) => ({ id: a.id, name: a.title, description: a.description }) satisfies GroupAgreement as any,
};

/** A contract as the partners list of a group shows it (reference dp.PartnerReference). */
export function asGroupPartner(c: Contract): GroupPartner {
  const signed = c.events.signed ?? c.events.enrolled;
  return {
    id: c.owner.id,
    name: c.owner.name,
    icon: c.owner.icon ?? null,
    role: AGREEMENT_PARTNER[c.type],
    agreement: { id: c.agreement.id, name: c.agreement.name },
    contract: { id: c.id, status: c.status, version: c.version },
    events: {
      created: c.events.created,
      ...(signed ? { signed } : {}),
      ...(c.events.countersigned ? { countersigned: c.events.countersigned } : {}),
    },
  };
}

/**
 * Partners as the contracts they hold, one row per contract (reference PartnerContract): the partner's fields are
 * read from the contract's owner.
 */
const partnerContracts = {
  table: contractTable,
  // `contract.id` first: the alias `id` below takes the id column's name for the partner's account
  columns: {
    'contract.id': 'id',
    'contract.status': 'status',
    'contract.version': 'version',
    'agreement.id': 'agreement.id',
    'events.created.at': 'created',
    id: 'owner.id',
  },
  paths: { name: 'owner.name' },
  idColumn: 'owner_id',
  present: (c: Contract) => asGroupPartner(c) as unknown as Contract,
} satisfies Partial<Served<Contract>>;

/** GET /catalog/groups/{id}/partners: who holds a contract under an agreement that covers the group. */
export const groupPartners: Served<Contract> = {
  ...partnerContracts,
  decl: groupPartnerResource,
  parentVisible: (ctx, params, db) => ownGroup(db, ctx, params.groupId),
  scope: (ctx, params) => sql<boolean>`t.account_id = ${ctx.account.id} and t.agreement_id in
    (select agreement_id from agreement_product_groups where group_id = ${params.groupId ?? ''})`,
};

/** GET /agreements/{id}/partners: who holds a contract under the agreement; a partner sees only its own. */
export const agreementPartners: Served<Contract> = {
  ...partnerContracts,
  decl: agreementPartnerResource,
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`t.agreement_id = ${params.agreementId ?? ''}
    and (t.account_id = ${ctx.account.id} or t.owner_id = ${ctx.account.id})`,
};
