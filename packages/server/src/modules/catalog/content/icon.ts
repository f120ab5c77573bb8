import type { Product } from '@trellis/domain';
import { fileUrl, readUpload, registerMultipart, storeImage, type FileStore } from '../../../files/index.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { presentObject, updateObjectById, type Served } from '../../../resources/engine.ts';
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

  /** An update of the product like any other (rules, stamp, audit), setting only the icon. */
  async function setIcon(ctx: Ctx, productId: string, url: string | null) {
    let previous: string | null = null;
    const withIcon: Served<Product> = {
      ...products,
      update: async (_ctx, current) => {
        previous = current.icon;
        return { ...current, icon: url };
      },
    };
    const next = await updateObjectById(withIcon, ctx, {}, productId, {}, db);
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
