import { sql } from 'kysely';
import { hubConnectionResource, productConnectionResource, type Connection } from '@trellis/domain';
import { ApiError } from '../../http/errors.ts';
import type { Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { productForWrite, productIsVisible } from '../catalog/public.ts';
import { accountRef, arePartners, linkProduct, partyTo, productRef, unlinkProduct } from './access.ts';
import { hubIsVisible } from './hubs.ts';

const columns = {
  id: 'id',
  type: 'type',
  status: 'status',
  'hub.id': 'hub_id',
  'product.id': 'product_id',
  'provider.id': 'provider_id',
  'vendor.id': 'account_id',
  created_at: 'created_at',
};
const row = (c: Connection) => ({
  id: c.id,
  account_id: c.vendor.id,
  provider_id: c.provider.id,
  product_id: c.product.id,
  hub_id: c.hub.id,
  type: c.type,
  status: c.status,
  created_at: c.created_at,
  updated_at: c.events.updated?.at ?? c.created_at,
});

/** /products/{id}/connections: the vendor connects its product to a partner's hub; a production connection shows it to that provider. */
export const productConnections: Served<Connection> = {
  decl: productConnectionResource,
  table: 'connections',
  columns,
  row,
  owner: (c) => c.vendor.id,
  scope: (ctx, params) => sql<boolean>`t.product_id = ${params.productId ?? ''} and ${partyTo(ctx)}`,
  // the provider of a test connection cannot read the product, yet sees the connection to its hub
  parentVisible: async (ctx, params, db) =>
    (await productIsVisible(db, ctx, params.productId)) ||
    !!(await db
      .selectFrom('connections')
      .select('id')
      .where('product_id', '=', params.productId ?? '')
      .where('provider_id', '=', ctx.account.id)
      .executeTakeFirst()),
  async create(ctx, input, params, db) {
    if (ctx.account.type !== 'vendor')
      throw ApiError.forbidden('Only the vendor that owns this product can connect it.');
    const product = await productForWrite(db, ctx, params.productId);
    // one connection per product, hub and type at a time: serialise on the product row
    await sql`select 1 from products where id = ${product.id} for update`.execute(db);
    const hub = await db.selectFrom('hubs').selectAll().where('id', '=', input.hub.id).executeTakeFirst();
    if (!hub || !(await hubIsVisible(db, ctx, hub.id)))
      throw ApiError.badRequest(`hub: hub ${input.hub.id} does not exist.`);
    if (!(await arePartners(db, ctx, hub.account_id))) {
      throw ApiError.badRequest(`hub: the provider of hub ${hub.id} is not an active partner of this account.`);
    }
    if (input.type === 'production' && !['published', 'endofsale'].includes(product.status)) {
      throw ApiError.badRequest(
        `Only a published product can have a production connection; ${product.id} is ${product.status}.`,
      );
    }
    const dup = await db
      .selectFrom('connections')
      .select('id')
      .where('product_id', '=', product.id)
      .where('hub_id', '=', hub.id)
      .where('type', '=', input.type)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (dup)
      throw ApiError.conflict(
        `Product ${product.id} already has an active ${input.type} connection to hub ${hub.id} (${dup.id}).`,
      );
    const id = newId('CT', 3, 4);
    if (input.type === 'production') await linkProduct(db, product.id, hub.account_id, 'connection', id);
    const at = new Date().toISOString();
    return {
      id,
      type: input.type,
      status: 'active',
      provider: await accountRef(db, hub.account_id),
      vendor: { id: ctx.account.id, name: ctx.account.name },
      hub: { id: hub.id, name: hub.name, instance: hub.data.instance },
      product: productRef(product.data),
      created_at: at,
      note: input.note ?? null,
      product_version_type: 'public',
      events: {},
    };
  },
  async update(ctx, current, input) {
    if (current.vendor.id !== ctx.account.id)
      throw ApiError.forbidden('Only the vendor of this connection can change it.');
    return { ...current, note: input.note };
  },
  actions: {
    /** Either side ends a connection; the provider stops seeing the product unless something else links it. */
    async revoke(_ctx, current, _body, _params, db) {
      await unlinkProduct(db, 'connection', current.id);
      return { ...current, status: 'revoked' };
    },
  },
};

/** /hubs/{id}/connections: the same connections seen from the hub. */
export const hubConnections: Served<Connection> = {
  decl: hubConnectionResource,
  table: 'connections',
  columns,
  row,
  owner: (c) => c.vendor.id,
  scope: (ctx, params) => sql<boolean>`t.hub_id = ${params.hubId ?? ''} and ${partyTo(ctx)}`,
  parentVisible: (ctx, params, db) => hubIsVisible(db, ctx, params.hubId),
};
