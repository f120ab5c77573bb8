import { inList } from '../../db/in-list.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { productVersionResource, type FilterDecl, type ProductVersion, type ResourceDecl } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { enqueue, type JobHandler } from '../../jobs/queue.ts';
import { recordAudit } from '../../resources/audit.ts';
import type { Served } from '../../resources/engine.ts';
import { defineTable, int, text } from '../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from './columns.ts';
import { systemCtx } from '../../http/context.ts';
import { productFor, productForWrite, productIsVisible, productVisible } from './visibility.ts';

/**
 * A part of the catalogue that a version freezes: its rows are copied into product_version_objects when a
 * version is built, and `/products/{id}/versions/{v}/<path>` serves the copy read-only. `publish` runs in
 * the build's transaction (e.g. draft items become published with the product).
 */
export interface VersionedKind {
  kind: string;
  /** Live rows of one product, in display order. */
  rows(db: Transaction<DB>, productId: string): Promise<{ id: string; data: any }[]>;
  publish?(db: Transaction<DB>, productId: string): Promise<void>;
}

/** The frozen copies: one row per object of each kind in each built version. */
export const productVersionObjectTable = defineTable('product_version_objects', {
  product_id: text(),
  version: int(),
  kind: text(),
  object_id: text(),
  position: int().generated(),
});

export const productVersionTable = defineTable('product_versions', {
  product_id: text('product.id'),
  id: text((v: ProductVersion) => String(v.version)),
  version: int('version'),
  account_id: text('owner.id'),
  status: text('build.status'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/** The read-only copy of a live resource inside a built version: same filters, read from the frozen JSON. */
export function versionedServed<T extends Record<string, any>>(
  kind: string,
  decl: ResourceDecl,
  path: string,
): Served<T> {
  const filters: Record<string, FilterDecl> = decl.filters;
  return {
    decl: {
      ...decl,
      name: `${decl.name}-version`,
      path,
      create: undefined,
      update: undefined,
      remove: false,
      machine: undefined,
      filters,
    },
    table: productVersionObjectTable,
    columns: { id: 'object_id' },
    idColumn: 'object_id',
    parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),
    scope: (ctx, params) => sql<boolean>`t.kind = ${kind} and t.product_id = ${params.productId ?? ''}
      and t.version::text = ${params.version ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
  };
}

// ---------------------------------------------------------------- versions

function versionFromRow(p: any, v: number, changes: string): ProductVersion {
  return {
    ...p,
    version: v,
    latest: true,
    product: { id: p.id, name: p.name },
    build: { status: 'building', error: null },
    changes_description: changes,
    public: false,
    staging: true,
  };
}

export const productVersions: Served<ProductVersion> = {
  decl: productVersionResource,
  table: productVersionTable,
  idColumn: 'id',
  key: (v) => ({ product_id: v.product.id, id: String(v.version) }),
  owner: (v) => v.owner.id,
  scope: (ctx, params) =>
    sql<boolean>`t.product_id = ${params.productId ?? ''} and ${productVisible(ctx, sql`t.product_id`)}`,
  parentVisible: (ctx, params, db) => productIsVisible(db, ctx, params.productId),
  /** Start a build: the version exists at once with build.status 'building'; a job copies the catalogue. */
  async create(ctx, input, params, db) {
    const product = await productForWrite(db, ctx, params.productId);
    const busy = await db
      .selectFrom('product_versions')
      .select('id')
      .where('product_id', '=', product.id)
      .where('status', '=', 'building')
      .executeTakeFirst();
    if (busy) throw ApiError.conflict(`Version ${busy.id} of ${product.id} is still being built.`);
    const { rows } = await sql<{
      n: number | null;
    }>`select max(version) as n from product_versions where product_id = ${product.id}`.execute(db);
    const next = Number(rows[0].n ?? 0) + 1;
    await enqueue(
      db,
      'catalog.build-version',
      { productId: product.id, version: next, by: ctx.user ?? ctx.token },
      { accountId: ctx.account.id },
    );
    return versionFromRow(product.data, next, input.changes_description ?? '');
  },
  /** Only the latest version's notes can be edited. */
  async update(ctx, current, input, params, db) {
    const product = await productForWrite(db, ctx, params.productId);
    if (current.version !== product.version && current.build.status === 'ready') {
      throw ApiError.badRequest(
        `Only the latest version (${product.version}) can be edited; this is version ${current.version}.`,
      );
    }
    return { ...current, changes_description: input.changes_description };
  },
  async presentMany(vs, _ctx, _include, db) {
    const { rows } = await sql<{
      product_id: string;
      n: number | null;
    }>`select product_id, max(version) as n from product_versions
      where ${inList(sql`product_id`, [...new Set(vs.map((v) => v.product.id))])} and status = 'ready' group by product_id`.execute(
      db,
    );
    const latestOf = new Map(rows.map((r) => [r.product_id, Number(r.n ?? 0)]));
    return vs.map((v) => {
      const latest = (latestOf.get(v.product.id) ?? 0) === v.version;
      return { ...v, latest, public: latest && v.build.status === 'ready', staging: v.build.status !== 'ready' };
    });
  },
};

/** Copy the live catalogue of a product into the version, publish it, and mark the build ready. */
export async function buildVersion(
  db: Kysely<DB>,
  kinds: readonly VersionedKind[],
  productId: string,
  version: number,
  by?: { id: string; name: string } | null,
) {
  await db.transaction().execute(async (trx) => {
    const v = await trx
      .selectFrom('product_versions')
      .selectAll()
      .where('product_id', '=', productId)
      .where('version', '=', version)
      .forUpdate()
      .executeTakeFirst();
    if (!v || v.status !== 'building') return;
    const product = await trx
      .selectFrom('products')
      .selectAll()
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    for (const k of kinds) {
      await k.publish?.(trx, productId);
      const rows = await k.rows(trx, productId);
      let position = 0;
      for (const r of rows) {
        await trx
          .insertInto('product_version_objects')
          .values({
            product_id: productId,
            version,
            kind: k.kind,
            object_id: r.id,
            position: position++,
            data: JSON.stringify(r.data),
          })
          .execute();
      }
    }
    const at = new Date().toISOString();
    const actor = by ?? { id: 'system', name: 'System' };
    const data = product.data;
    const firstPublish = data.status === 'draft';
    const nextProduct = {
      ...data,
      version,
      status: firstPublish ? 'published' : data.status,
      published_at: firstPublish ? at : data.published_at,
      events: { ...data.events, ...(firstPublish ? { published: { at, by: actor } } : {}), updated: { at, by: actor } },
    };
    await trx
      .updateTable('products')
      .set({ version, status: nextProduct.status, updated_at: at, data: JSON.stringify(nextProduct) })
      .where('id', '=', productId)
      .execute();
    const frozen = {
      ...v.data,
      ...nextProduct,
      version,
      build: { status: 'ready', error: null },
      events: { ...v.data.events, built: { at, by: actor } },
    };
    await trx
      .updateTable('product_versions')
      .set({ status: 'ready', updated_at: at, data: JSON.stringify(frozen) })
      .where('product_id', '=', productId)
      .where('version', '=', version)
      .execute();
    const account = {
      id: product.account_id,
      name: data.owner?.name ?? '',
      type: 'vendor' as const,
      roles: ['vendor'],
    };
    await recordAudit(trx, systemCtx(account), {
      res: 'product-version',
      objectId: `${productId}:${version}`,
      action: 'build',
      owner: product.account_id,
      after: frozen,
    });
  });
}

/** Job: build a version of the catalogue parts in `kinds`; one that cannot finish is marked failed. */
export const buildVersionJob =
  (kinds: readonly VersionedKind[]): JobHandler =>
  async (db, payload) => {
    try {
      await buildVersion(db, kinds, payload.productId, payload.version, payload.by);
    } catch (e) {
      // A build that cannot finish is marked failed (with why) so the portal stops waiting; the job is not retried.
      const message = e instanceof Error ? e.message : String(e);
      await sql`update product_versions set status = 'failed',
      data = jsonb_set(data, '{build}', ${JSON.stringify({ status: 'failed', error: message })}::jsonb)
      where product_id = ${payload.productId} and version = ${payload.version}`.execute(db);
    }
  };

/** The product as it was in a built version (or 404). */
export async function versionOf(
  db: Kysely<DB>,
  ctx: Parameters<typeof productFor>[1],
  productId: string,
  version: string,
) {
  await productFor(db, ctx, productId);
  const v = await db
    .selectFrom('product_versions')
    .select('data')
    .where('product_id', '=', productId)
    .where('id', '=', version)
    .executeTakeFirst();
  if (!v) throw ApiError.notFound('Product version');
  return v.data as ProductVersion;
}
