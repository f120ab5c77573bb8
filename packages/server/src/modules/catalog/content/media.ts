import { sql, type Kysely } from 'kysely';
import { mediaResource, MAX_MEDIA, ProductMediaCreate, ProductMediaUpdate, type ProductMedia } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { fileKeyOf, fileUrl, readUpload, registerMultipart, storeImage, type FileStore } from '../../../files/index.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import {
  createObject,
  getObject,
  parseBody,
  presentObject,
  removeObject,
  updateObjectById,
  type Served,
} from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import type { Api } from '../../types.ts';
import { int, text } from '../../../resources/table.ts';
import { versionedServed, type VersionedKind } from '../versions.ts';
import { productForWrite } from '../visibility.ts';
import { liveRows, productContent, productOwnedTable } from './common.ts';

async function positionTaken(db: Kysely<DB>, productId: string, position: number, exceptId = '') {
  const row = await db
    .selectFrom('product_media')
    .select('id')
    .where('product_id', '=', productId)
    .where('position', '=', position)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (row) throw ApiError.badRequest(`position: Position ${position} is already taken by ${row.id}.`);
}

export const mediaTable = productOwnedTable('product_media', { position: int('position'), type: text('type') });

export const media = productContent<ProductMedia>({
  decl: mediaResource,
  table: mediaTable,
  async create(_ctx, input, product, db) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from product_media where product_id = ${product.id}`.execute(db);
    if (Number(rows[0].n) >= MAX_MEDIA)
      throw ApiError.badRequest(`A product has at most ${MAX_MEDIA} media; delete one first.`);
    await positionTaken(db, product.id, input.position);
    // an image is its own full-size picture; a video plays from its url
    return {
      id: newId('PMD', 3, 3),
      position: input.position,
      type: input.type,
      thumbnail: input.thumbnail,
      url: input.url || (input.type === 'image' ? input.thumbnail : null),
      events: {},
    };
  },
  async update(_ctx, current, input, product, db) {
    if (input.position !== undefined) await positionTaken(db, product.id, input.position, current.id);
    const next = { ...current, ...input };
    if (next.type === 'video' && (!next.url || next.url === next.thumbnail))
      throw ApiError.badRequest('url: This field is required');
    if (next.type === 'image' && (input.thumbnail || !next.url)) next.url = next.thumbnail;
    return next;
  },
});

/** Versions freeze the media (their files stay while a version shows them). */
export const versionedMedia: VersionedKind = { kind: 'media', rows: liveRows('product_media', 'position, id') };

/** Delete a replaced or removed image unless a built version still shows it. */
export async function dropFileIfUnused(db: Kysely<DB>, store: FileStore, url: string | null | undefined) {
  const key = fileKeyOf(url);
  if (!key) return;
  const { rows } =
    await sql`select 1 from product_version_objects where kind = 'media' and (data->>'thumbnail' = ${url} or data->>'url' = ${url})
    union all select 1 from product_versions where data->>'icon' = ${url}
    union all select 1 from products where data->>'icon' = ${url} limit 1`.execute(db);
  if (!rows.length) await store.delete(key);
}

/**
 * Lists and reads of media come from the engine; creates and updates carry a file (mediaRoutes) and a delete also
 * drops the image file once committed.
 */
export const mediaResources = [
  { ...media, decl: { ...mediaResource, remove: false }, create: undefined, update: undefined },
  versionedServed('media', mediaResource, '/products/:productId/versions/:version/media'),
];

/** Upload (create, replace) and delete of media: multipart bodies, and the files they leave behind. */
export function mediaRoutes(api: Api, store: FileStore) {
  const { app, db } = api;

  app.delete('/products/:productId/media/:id', async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as Record<string, string>;
    const current = await getObject(media, ctx, params, params.id, db);
    await removeObject(media, ctx, params, params.id, db);
    await dropFileIfUnused(db, store, current.thumbnail);
    return reply.code(204).send();
  });

  app.register(async (scope) => {
    await registerMultipart(scope);

    scope.post('/products/:productId/media', async (req, reply) => {
      const ctx = requireCtx(req);
      const params = req.params as Record<string, string>;
      await productForWrite(db, ctx, params.productId);
      const { fields, file } = await readUpload(req, 'thumbnail');
      // check the fields before keeping a file for a request that cannot succeed
      parseBody(ProductMediaCreate, { ...fields, thumbnail: file ? 'pending' : undefined });
      const key = await storeImage(store, file!);
      try {
        const created = await createObject(media, ctx, params, { ...fields, thumbnail: fileUrl(key) }, db);
        return reply.code(201).send(await presentObject(media, ctx, created, db));
      } catch (e) {
        await store.delete(key);
        throw e;
      }
    });

    scope.put('/products/:productId/media/:id', async (req) => {
      const ctx = requireCtx(req);
      const params = req.params as Record<string, string>;
      let body: Record<string, unknown> = (req.body as Record<string, unknown>) ?? {};
      let key: string | null = null;
      if (req.isMultipart()) {
        await getObject(media, ctx, params, params.id, db);
        await productForWrite(db, ctx, params.productId);
        const { fields, file } = await readUpload(req, 'thumbnail');
        parseBody(ProductMediaUpdate, fields);
        if (file) key = await storeImage(store, file);
        body = fields;
      }
      const thumbnail = key ? fileUrl(key) : undefined;
      let replaced: string | null = null;
      const withFile: Served<ProductMedia> = {
        ...media,
        update: async (c, current, input, p, trx) => {
          if (thumbnail) replaced = current.thumbnail;
          return media.update!(c, current, thumbnail ? { ...input, thumbnail } : input, p, trx);
        },
      };
      try {
        const updated = await updateObjectById(withFile, ctx, params, params.id, body, db);
        if (replaced) await dropFileIfUnused(db, store, replaced);
        return presentObject(media, ctx, updated, db);
      } catch (e) {
        if (key) await store.delete(key);
        throw e;
      }
    });
  });
}
