import type { Marketplace } from '@trellis/domain';
import { fileKeyOf, fileUrl, readUpload, registerMultipart, storeImage, type FileStore } from '../../files/index.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { recordAudit } from '../../resources/audit.ts';
import { getObject, presentObject, stampUpdated, updateObject } from '../../resources/engine.ts';
import type { Api } from '../types.ts';
import { marketplaces } from './marketplaces.ts';

/** POST /marketplaces/{id}/icon (multipart, the image in `icon`): the owner sets the marketplace's icon. */
export function marketplaceIconRoutes({ app, db }: Api, store: FileStore) {
  const ownerOnly = (ctx: Ctx, m: Marketplace) => {
    if (m.owner.id !== ctx.account.id)
      throw ApiError.forbidden('Only the provider that owns this marketplace can change it.');
  };

  app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/marketplaces/:id/icon', async (req) => {
      const ctx = requireCtx(req);
      const { id } = req.params as { id: string };
      ownerOnly(ctx, await getObject(marketplaces, ctx, {}, id, db));
      const { file } = await readUpload(req, 'icon');
      if (!file) throw ApiError.badRequest('icon: This field is required');
      const key = await storeImage(store, file);
      let previous: string | null = null;
      try {
        const next = await db.transaction().execute(async (trx) => {
          const current = await getObject(marketplaces, ctx, {}, id, trx, { lock: true });
          ownerOnly(ctx, current);
          previous = current.icon;
          const updated: Marketplace = stampUpdated(ctx, { ...current, icon: fileUrl(key) });
          await updateObject(marketplaces, updated, trx);
          await recordAudit(trx, ctx, {
            res: marketplaces,
            objectId: id,
            action: 'update',
            owner: current.owner.id,
            before: current,
            after: updated,
          });
          return updated;
        });
        const old = fileKeyOf(previous);
        if (old && old !== key) await store.delete(old).catch(() => undefined);
        return presentObject(marketplaces, ctx, next, db);
      } catch (e) {
        await store.delete(key);
        throw e;
      }
    });
  });
}
