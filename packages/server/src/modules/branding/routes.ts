import { z } from 'zod';
import { Brand, FAVICON_KINDS, HOST_MAX_LENGTH, normalizeHost, Portal, validation } from '@trellis/domain';
import { fileKeyOf, fileStoreFor, fileUrl, readUpload, registerMultipart, type FileStore } from '../../files/index.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { recordAudit } from '../../resources/audit.ts';
import {
  getObject,
  parseBody,
  presentObject,
  removeObject,
  stampUpdated,
  updateObject,
  type Params,
} from '../../resources/engine.ts';
import type { Api } from '../types.ts';
import { storeFavicon, storeLogo } from './images.ts';
import { portals } from './portals.ts';
import { brandOfAccount } from './public.ts';
import { brandById, brandForHost } from './service.ts';
import { ssoButtons } from '../identity/public.ts';

// What the engine cannot derive: the brand of the asking host (read before login, without a session), a brand by id,
// the caller's own brand, and a portal's images (multipart uploads, and removals that drop the stored file).

const ORIGINAL_HOST = 'x-original-host';
const BrandQuery = z.object({ id: validation.zRequiredString() });
const PORTAL = '/brands/:brandId/portals/:id';

function badHost(header: string): ApiError {
  return ApiError.badRequest(
    `${header}: must be a host name (at most ${HOST_MAX_LENGTH} characters, optionally with :port).`,
  );
}

export function brandingRoutes({ app, db, config }: Api) {
  app.get('/branding/portal', { config: { public: true } }, async (req) => {
    // The portal sends its own window.location.host: behind a proxy the Host header may name the upstream.
    const original = req.headers[ORIGINAL_HOST];
    let host = '';
    if (original !== undefined) {
      host = normalizeHost(Array.isArray(original) ? original.join(',') : original) ?? '';
      if (!host) throw badHost('X-Original-Host');
    } else if (req.host) {
      host = normalizeHost(req.host) ?? '';
      if (!host) throw badHost('Host');
    }
    const brand = await brandForHost(db, host);
    return { ...brand, sso: await ssoButtons(db, brand.owner?.id) };
  });

  app.get('/branding/brand', { config: { public: true } }, async (req) => {
    const { id } = parseBody(BrandQuery, req.query);
    const brand = await brandById(db, id.trim());
    if (!brand) throw ApiError.notFound('Brand');
    return brand;
  });

  // The reference's GET /brand (an untyped list): the brand the caller's account shows, its own or its parent's.
  app.get('/brand', async (req) => {
    const ctx = requireCtx(req);
    const brand = await brandById(db, await brandOfAccount(db, ctx.account.id));
    return brand ? [brand] : [];
  });

  portalImageRoutes({ app, db, config }, fileStoreFor(config));
}

/** Change a portal's images in one transaction, audited like any write; returns the portal and the files let go. */
async function changeImages(
  { db }: Pick<Api, 'db'>,
  ctx: Ctx,
  params: Params,
  change: (p: Portal) => Portal,
): Promise<{ portal: Portal; dropped: string[] }> {
  return db.transaction().execute(async (trx) => {
    const current = await getObject(portals, ctx, params, params.id, trx, { lock: true });
    const changed = change(structuredClone(current));
    const next = stampUpdated(ctx, changed);
    await updateObject(portals, next, trx);
    await recordAudit(trx, ctx, {
      res: portals,
      objectId: current.id,
      action: 'update',
      owner: ctx.account.id,
      before: current,
      after: next,
    });
    const kept = new Set([next.urls.logo, ...Object.values(next.urls.favicons)]);
    const dropped = [current.urls.logo, ...Object.values(current.urls.favicons)].filter(
      (u): u is string => typeof u === 'string' && !kept.has(u),
    );
    return { portal: next, dropped };
  });
}

const dropFiles = (store: FileStore, urls: string[]) =>
  Promise.all(urls.map((u) => fileKeyOf(u)).map((k) => k && store.delete(k).catch(() => undefined)));

function portalImageRoutes(api: Api, store: FileStore) {
  const { app, db } = api;

  // DELETE of a portal drops its image files once the deletion is committed.
  app.delete(PORTAL, async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as Params;
    const current = await getObject(portals, ctx, params, params.id, db);
    await removeObject(portals, ctx, params, params.id, db);
    await dropFiles(store, [current.urls.logo, ...Object.values(current.urls.favicons)].filter(Boolean) as string[]);
    return reply.code(204).send();
  });

  app.delete(`${PORTAL}/logo`, async (req) => {
    const ctx = requireCtx(req);
    const params = req.params as Params;
    const { portal, dropped } = await changeImages(api, ctx, params, (p) => {
      delete p.urls.logo;
      return p;
    });
    await dropFiles(store, dropped);
    return presentObject(portals, ctx, portal, db);
  });

  app.delete(`${PORTAL}/favicons/:kind`, async (req) => {
    const ctx = requireCtx(req);
    const params = req.params as Params;
    // an unknown kind of a visible portal: a 404 like any missing sub-object (after the portal's own 404)
    await getObject(portals, ctx, params, params.id, db);
    if (!(FAVICON_KINDS as readonly string[]).includes(params.kind)) throw ApiError.notFound('Favicon');
    const { portal, dropped } = await changeImages(api, ctx, params, (p) => {
      delete p.urls.favicons[params.kind];
      return p;
    });
    await dropFiles(store, dropped);
    return presentObject(portals, ctx, portal, db);
  });

  app.register(async (scope) => {
    await registerMultipart(scope);

    scope.post(`${PORTAL}/logo`, async (req) => {
      const ctx = requireCtx(req);
      const params = req.params as Params;
      // 404 for another tenant's portal before the body is read
      await getObject(portals, ctx, params, params.id, db);
      const { file } = await readUpload(req, 'logo');
      if (!file) throw ApiError.badRequest('logo: This field is required');
      const key = await storeLogo(store, file);
      try {
        const { portal, dropped } = await changeImages(api, ctx, params, (p) => {
          p.urls.logo = fileUrl(key);
          return p;
        });
        await dropFiles(store, dropped);
        return presentObject(portals, ctx, portal, db);
      } catch (e) {
        await store.delete(key);
        throw e;
      }
    });

    scope.post(`${PORTAL}/favicon`, async (req) => {
      const ctx = requireCtx(req);
      const params = req.params as Params;
      await getObject(portals, ctx, params, params.id, db);
      const { file } = await readUpload(req, 'favicon');
      if (!file) throw ApiError.badRequest('favicon: This field is required');
      const { key, kind } = await storeFavicon(store, file);
      try {
        const { portal, dropped } = await changeImages(api, ctx, params, (p) => {
          p.urls.favicons[kind] = fileUrl(key);
          return p;
        });
        await dropFiles(store, dropped);
        return presentObject(portals, ctx, portal, db);
      } catch (e) {
        await store.delete(key);
        throw e;
      }
    });
  });
}

describeRoute('get', '/branding/portal', {
  summary:
    "The brand of the host the portal runs on (X-Original-Host, else Host); the installation's brand for unknown hosts",
  tag: 'branding',
  response: Brand,
});
describeRoute('get', '/branding/brand', {
  summary: "One brand by id (query parameter id), with its main portal's look and every host that serves it",
  tag: 'branding',
  response: Brand,
});
describeRoute('get', '/brand', {
  summary: "The brand the caller's account shows: its own, else the nearest parent account's, else the installation's",
  tag: 'branding',
  response: z.array(Brand),
});
describeRoute('delete', PORTAL, {
  summary: 'Delete a portal of your brand (its host then shows the installation brand) and its uploaded images',
  tag: 'branding',
  status: 204,
});
describeRoute('post', `${PORTAL}/logo`, {
  summary:
    'Upload the portal logo (multipart/form-data, field logo): PNG, JPEG, GIF, WebP or SVG without scripts, at most 1 MB',
  tag: 'branding',
  response: Portal,
});
describeRoute('delete', `${PORTAL}/logo`, { summary: 'Remove the portal logo', tag: 'branding', response: Portal });
describeRoute('post', `${PORTAL}/favicon`, {
  summary:
    'Upload a favicon (multipart/form-data, field favicon): ICO, PNG or SVG without scripts, at most 256 KB; one of each kind',
  tag: 'branding',
  response: Portal,
});
describeRoute('delete', `${PORTAL}/favicons/:kind`, {
  summary: 'Remove the favicon of one kind (svg, png or ico)',
  tag: 'branding',
  response: Portal,
});
