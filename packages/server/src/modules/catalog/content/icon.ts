import type { Product } from '@trellis/domain';
import { fileUrl, readUpload, registerMultipart, storeImage, type FileStore } from '../../../files/index.ts';
import { can, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { presentObject, stampUpdated, updateObject } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { products } from '../products.ts';
import { productForWrite } from '../visibility.ts';
import { dropFileIfUnused } from './media.ts';

/**
 * POST /products/{id}/icon (multipart, file in `icon`, as the reference's marketplace icon) sets the product's
 * icon; DELETE clears it. The icon is an image URL served by /files (versions keep the icon they were built with).
 */
export function iconRoutes(api: Api, store: FileStore) {
  const { app, db } = api;

  async function setIcon(ctx: Ctx, productId: string, url: string | null) {
    let previous: string | null = null;
    const next = await db.transaction().execute(async (trx) => {
      const product = await productForWrite(trx, ctx, productId);
      if (!can(ctx, products.decl.module)) throw ApiError.forbidden(`Access to module ${products.decl.module} is not granted.`);
      const { data } = await trx.selectFrom('products').select('data').where('id', '=', product.id).forUpdate().executeTakeFirstOrThrow();
      const current = data as Product;
      previous = current.icon;
      const updated = stampUpdated(ctx, { ...current, icon: url });
      await updateObject(products, updated, trx);
      await recordAudit(trx, ctx, { res: products, objectId: product.id, action: 'update', owner: current.owner.id, before: current, after: updated });
      return updated;
    });
    if (previous && previous !== url) await dropFileIfUnused(db, store, previous);
    return presentObject(products, ctx, next, db);
  }

  app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/products/:productId/icon', async (req) => {
      const ctx = requireCtx(req);
      const { productId } = req.params as { productId: string };
      await productForWrite(db, ctx, productId);
      const { file } = await readUpload(req, 'icon');
      if (!file) throw ApiError.badRequest('icon: This field is required');
      const key = await storeImage(store, file);
      try {
        return await setIcon(ctx, productId, fileUrl(key));
      } catch (e) {
        await store.delete(key);
        throw e;
      }
    });
  });

  app.delete('/products/:productId/icon', async (req) => {
    const ctx = requireCtx(req);
    return setIcon(ctx, (req.params as { productId: string }).productId, null);
  });
}
