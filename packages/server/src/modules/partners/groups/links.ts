import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { GroupProduct, LinkById, ProductGroup, type ProductGroup as Group } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { requireModule, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import { recordAudit } from '../../../resources/audit.ts';
import {
  getObject,
  parseBody,
  presentObject,
  stampUpdated,
  updateObject,
  type Params,
} from '../../../resources/engine.ts';
import type { Transaction } from 'kysely';
import type { Api } from '../../types.ts';
import { addGroupProducts, groupableProducts, productGroups } from './product-groups.ts';
import { statsOf, recountGroups } from './stats.ts';
import { ownAgreement } from '../access.ts';
import { agreementProductGroups, groupProducts } from './sub-lists.ts';

// Adding and removing links, which the engine cannot derive: the lists are views of the products and groups
// themselves, the links live in their own tables. Each change locks the group or agreement it changes, keeps the
// group's stats and is audited. Another tenant's group or agreement is a 404 before the body is read.

const MODULE = 'MD-0010';
const GROUP_PRODUCTS = '/catalog/groups/:groupId/products';
const AGREEMENT_GROUPS = '/agreements/:agreementId/product-groups';

describeRoute('post', GROUP_PRODUCTS, {
  summary: 'Put a product in the catalog group: a product of yours (vendor) or one available to you (provider)',
  tag: 'partners',
  body: LinkById,
  response: GroupProduct,
  status: 201,
});
describeRoute('delete', `${GROUP_PRODUCTS}/:id`, {
  summary: 'Take a product out of the catalog group',
  tag: 'partners',
  status: 204,
});
describeRoute('post', AGREEMENT_GROUPS, {
  summary: "The agreement covers one of its owner's catalog groups too (the agreement's owner only)",
  tag: 'partners',
  body: LinkById,
  response: ProductGroup,
  status: 201,
});
describeRoute('delete', `${AGREEMENT_GROUPS}/:id`, {
  summary: "The agreement no longer covers the catalog group (the agreement's owner only)",
  tag: 'partners',
  status: 204,
});

/** The group after a change of its products: current stats, stamped, stored and audited with the product named. */
async function saveGroup(trx: Transaction<DB>, ctx: Ctx, group: Group, action: string, productId: string) {
  const stats = (await statsOf(trx, [group.id])).get(group.id) ?? group.stats;
  const next = stampUpdated(ctx, { ...group, stats });
  await updateObject(productGroups, next, trx);
  const product = { product: { id: productId } };
  await recordAudit(trx, ctx, {
    res: productGroups,
    objectId: group.id,
    action,
    owner: group.owner.id,
    before: action === 'remove-product' ? { ...group, ...product } : group,
    after: action === 'add-product' ? { ...next, ...product } : next,
  });
}

/** The agreement in the path for a change of its groups: 404 when unseen, 403 unless the caller owns it; locked. */
async function agreementForChange(trx: Transaction<DB>, ctx: Ctx, agreementId: string | undefined) {
  const agreement = await ownAgreement(trx, ctx, agreementId ?? '');
  requireModule(ctx, MODULE);
  await sql`select id from agreements where id = ${agreement.id} for update`.execute(trx);
  return agreement;
}

async function auditAgreement(trx: Transaction<DB>, ctx: Ctx, agreementId: string, action: string, groupId: string) {
  const group = { product_group: { id: groupId } };
  await recordAudit(trx, ctx, {
    res: 'agreement',
    objectId: agreementId,
    action,
    owner: ctx.account.id,
    before: action === 'remove-product-group' ? group : {},
    after: action === 'add-product-group' ? group : {},
  });
}

export function groupLinkRoutes({ app, db }: Api) {
  const params = (req: FastifyRequest) => req.params as Params;

  // adding a product that is in the group already is not an error
  app.post(GROUP_PRODUCTS, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    const productId = await db.transaction().execute(async (trx) => {
      const group = await getObject(productGroups, ctx, {}, p.groupId, trx, { lock: true });
      const { id } = parseBody(LinkById, req.body);
      const [product] = await groupableProducts(trx, ctx, [id], 'id');
      await addGroupProducts(trx, group.id, group.owner.id, [product]);
      await saveGroup(trx, ctx, group, 'add-product', product);
      return product;
    });
    const product = await getObject(groupProducts, ctx, p, productId, db);
    return reply.code(201).send(await presentObject(groupProducts, ctx, product, db));
  });

  app.delete(`${GROUP_PRODUCTS}/:id`, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    await db.transaction().execute(async (trx) => {
      const group = await getObject(productGroups, ctx, {}, p.groupId, trx, { lock: true });
      const gone = await trx
        .deleteFrom('product_group_products')
        .where('group_id', '=', group.id)
        .where('product_id', '=', p.id)
        .returning('product_id')
        .execute();
      if (!gone.length) throw ApiError.notFound('Product');
      await saveGroup(trx, ctx, group, 'remove-product', p.id);
    });
    return reply.code(204).send();
  });

  app.post(AGREEMENT_GROUPS, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    const groupId = await db.transaction().execute(async (trx) => {
      const agreement = await agreementForChange(trx, ctx, p.agreementId);
      const { id } = parseBody(LinkById, req.body);
      // an agreement covers only groups of its own owner
      const group = await trx
        .selectFrom('product_groups')
        .select('id')
        .where('id', '=', id)
        .where('account_id', '=', agreement.account_id)
        .executeTakeFirst();
      if (!group) throw ApiError.badRequest(`id: catalog group ${id} is not one of your catalog groups.`);
      const dup = await trx
        .selectFrom('agreement_product_groups')
        .select('group_id')
        .where('agreement_id', '=', agreement.id)
        .where('group_id', '=', id)
        .executeTakeFirst();
      if (dup) throw ApiError.conflict(`Agreement ${agreement.id} already covers ${id}.`);
      await trx
        .insertInto('agreement_product_groups')
        .values({
          agreement_id: agreement.id,
          group_id: id,
          account_id: agreement.account_id,
          created_at: new Date().toISOString(),
        })
        .execute();
      await recountGroups(trx, [id]);
      await auditAgreement(trx, ctx, agreement.id, 'add-product-group', id);
      return id;
    });
    const group = await getObject(agreementProductGroups, ctx, p, groupId, db);
    return reply.code(201).send(await presentObject(agreementProductGroups, ctx, group, db));
  });

  app.delete(`${AGREEMENT_GROUPS}/:id`, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req);
    await db.transaction().execute(async (trx) => {
      const agreement = await agreementForChange(trx, ctx, p.agreementId);
      const gone = await trx
        .deleteFrom('agreement_product_groups')
        .where('agreement_id', '=', agreement.id)
        .where('group_id', '=', p.id)
        .returning('group_id')
        .execute();
      if (!gone.length) throw ApiError.notFound('Catalog group');
      await recountGroups(trx, [p.id]);
      await auditAgreement(trx, ctx, agreement.id, 'remove-product-group', p.id);
    });
    return reply.code(204).send();
  });
}
