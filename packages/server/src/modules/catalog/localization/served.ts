import {
  localeResource,
  localizationContextResource,
  productLocalizationResource,
  translationAttributeResource,
  translationResource,
  translationTaskResource,
  type Locale,
  type LocalizationContext,
  type ProductLocalization,
  type Translation,
  type TranslationTask,
} from '@trellis/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { countsById, groupBy, inList } from '../../../db/in-list.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { stampUpdated, type Db, type Served } from '../../../resources/engine.ts';
import { bool, defineTable, text } from '../../../resources/table.ts';
import { versionedServed, type VersionedKind } from '../versions.ts';
import { productFor, productForWrite, productIsVisible, productVisible } from '../visibility.ts';
import { productSources, sourcesFor } from './sources.ts';
import {
  attributeTable,
  contextTable,
  editAttribute,
  ensureContext,
  localeRef,
  lockContext,
  newContext,
  newTranslation,
  presentAttribute,
  queueAutoTranslation,
  requireLocalizationAccess,
  requireOwned,
  saveTranslation,
  syncAttributes,
  taskTable,
  translationStats,
  translationTable,
  translationVisible,
  withoutInternals,
  type StoredAttribute,
} from './store.ts';

/** A product the caller sees, named in a body field: a 400 (not a 404) when it is not there. */
async function bodyProduct(db: Db, ctx: Ctx, id: string, field: string) {
  try {
    return await productFor(db, ctx, id);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw ApiError.badRequest(`${field}: product ${id} not found.`);
    throw e;
  }
}

async function contextById(db: Db, ctx: Ctx, id: string): Promise<LocalizationContext | null> {
  const { rows } = await sql<{ data: LocalizationContext }>`select t.data from localization_contexts t
    where t.id = ${id} and ${productVisible(ctx, sql`t.instance_id`)}`.execute(db);
  return rows[0]?.data ?? null;
}

/** The translation as the caller sees it, or null. */
export async function visibleTranslation(
  db: Db,
  ctx: Ctx,
  id: string | undefined,
  lock = false,
): Promise<Translation | null> {
  if (!id) return null;
  const { rows } = await sql<{ data: Translation }>`select x.data from translations x
    where x.id = ${id} and ${translationVisible(ctx, 'x')}${lock ? sql` for update` : sql``}`.execute(db);
  return rows[0]?.data ?? null;
}

/** Translations with their stats (attributes brought up to date with the product first) and `owned`; stats in one query. */
async function presentTranslations(ts: Translation[], ctx: Ctx, db: Db): Promise<Translation[]> {
  for (const t of ts) await syncAttributes(db, t, await sourcesFor(ctx, db, t.context.instance_id));
  const statsOf = await translationStats(
    db,
    ts.map((t) => t.id),
  );
  return ts.map((t) => withoutInternals({ ...t, owned: t.owner.id === ctx.account.id, stats: statsOf(t.id) }));
}

// ---------------------------------------------------------------- locales

export const localeTable = defineTable('locales', {
  id: text('id'),
  name: text('name'),
  local_name: text('local_name'),
  auto_translation: bool('auto_translation'),
});

export const locales: Served<Locale> = {
  decl: localeResource,
  table: localeTable,
  scope: () => sql<boolean>`true`,
  /** stats.translations counts the translations into this locale that the caller sees. */
  async presentMany(ls, ctx, _include, db) {
    const { rows } = await sql<{ id: string; n: string }>`select x.locale_id as id, count(*) as n from translations x
      where ${inList(
        sql`x.locale_id`,
        ls.map((l) => l.id),
      )} and ${translationVisible(ctx, 'x')} group by x.locale_id`.execute(db);
    const counts = countsById(rows);
    return ls.map((l) => ({ ...l, stats: { translations: counts.get(l.id) ?? 0 } }));
  },
};

// ---------------------------------------------------------------- contexts

export const contexts: Served<LocalizationContext> = {
  decl: localizationContextResource,
  table: contextTable,
  owner: (c) => c.owner.id,
  scope: (ctx) => productVisible(ctx, sql`t.instance_id`),
  parentVisible: (ctx) => requireLocalizationAccess(ctx),
  /** Each context lists the translations the caller sees (primary first); one query for the page. */
  async presentMany(cs, ctx, _include, db) {
    const { rows } = await sql<{ data: Translation }>`select x.data from translations x
      where ${inList(
        sql`x.context_id`,
        cs.map((c) => c.id),
      )} and ${translationVisible(ctx, 'x')}
      order by x.is_primary desc, x.locale_id`.execute(db);
    const byContext = groupBy(
      rows.map((r) => r.data),
      (t) => t.context.id,
    );
    return cs.map((c) => {
      const translations = (byContext.get(c.id) ?? []).map((t) => ({
        id: t.id,
        locale: t.locale,
        primary: t.primary,
        status: t.status,
        owner: t.owner,
        owned: t.owner.id === ctx.account.id,
      }));
      return { ...c, translations, primary_locale: translations.find((t) => t.primary)?.locale ?? null };
    });
  },
  /** The vendor opens a product to translation, optionally with its first translations (primary first). */
  async create(ctx, input, _params, db) {
    const product = await bodyProduct(db, ctx, input.instance_id, 'instance_id');
    if (!product.owner)
      throw ApiError.forbidden('Only the vendor that owns this product can create its localization context.');
    const existing = await db
      .selectFrom('localization_contexts')
      .select('id')
      .where('instance_id', '=', product.id)
      .executeTakeFirst();
    if (existing)
      throw ApiError.badRequest(
        `instance_id: product ${product.id} already has a localization context (${existing.id}).`,
      );
    const c = newContext(ctx, product);
    const sources = await productSources(db, product.id);
    const wanted = [...(input.translations ?? [])].sort((a, b) => Number(!!b.primary) - Number(!!a.primary));
    for (const t of wanted) {
      const made = await newTranslation(db, ctx, c, t, { insert: true, sources });
      await recordAudit(db, ctx, {
        res: translations,
        objectId: made.id,
        action: 'create',
        owner: made.owner.id,
        after: made,
      });
    }
    return c;
  },
};

// ---------------------------------------------------------------- translations

async function loadContext(db: Db, id: string): Promise<LocalizationContext> {
  const row = await db
    .selectFrom('localization_contexts')
    .select('data')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.data;
}

async function startAuto(db: Transaction<DB>, ctx: Ctx, t: Translation): Promise<Translation> {
  if (t.primary)
    throw ApiError.badRequest(
      "auto: the primary translation holds the product's own texts; it is not machine translated.",
    );
  const locale = await localeRef(db, t.locale.id);
  if (!locale.auto_translation)
    throw ApiError.badRequest(`auto: automatic translation is not available for locale ${locale.id}.`);
  await queueAutoTranslation(db, ctx, t);
  return { ...t, auto: { enabled: true, status: 'processing' } };
}

export const translations: Served<Translation> = {
  decl: translationResource,
  table: translationTable,
  columns: { 'events.updated.at': 'updated_at' },
  owner: (t) => t.owner.id,
  scope: (ctx) => translationVisible(ctx, 't'),
  parentVisible: (ctx) => requireLocalizationAccess(ctx),
  presentMany: (ts, ctx, _include, db) => presentTranslations(ts, ctx, db),
  /** In a context given by id, or in the context of a product (instance_id), created on first use. */
  async create(ctx, input, _params, db) {
    let context: LocalizationContext | null;
    if (input.context.id) {
      context = await contextById(db, ctx, input.context.id);
      if (!context) throw ApiError.badRequest(`context: localization context ${input.context.id} not found.`);
    } else {
      context = await ensureContext(
        db,
        ctx,
        await bodyProduct(db, ctx, input.context.instance_id, 'context.instance_id'),
      );
    }
    return newTranslation(db, ctx, context, input, { sources: await productSources(db, context.instance_id) });
  },
  async update(ctx, current, input, _params, db) {
    let next: Translation = {
      ...current,
      description: input.description !== undefined ? input.description : current.description,
    };
    if (input.auto?.enabled === true && !current.auto.enabled) next = await startAuto(db, ctx, next);
    if (input.auto?.enabled === false) next = { ...next, auto: { enabled: false } };
    return next;
  },
  // activate is a pure transition; the owner rule, the primary rule and retry's guard are the domain's machine
  actions: {
    /** A copy owned by the caller (of another locale if asked), with the attribute values of the original. */
    async clone(ctx, current, body, _params, db) {
      const context = await loadContext(db, current.context.id);
      const sources = await productSources(db, context.instance_id);
      await syncAttributes(db, current, sources);
      const copy = await newTranslation(
        db,
        ctx,
        context,
        {
          locale: body?.locale ?? current.locale,
          description: body?.description !== undefined ? body.description : current.description,
        },
        { insert: true, copyFrom: current, sources },
      );
      await recordAudit(db, ctx, {
        res: translations,
        objectId: copy.id,
        action: 'create',
        owner: copy.owner.id,
        after: copy,
      });
      return copy;
    },
    /** One primary per context: the previous one stops being primary in the same transaction. */
    async primarize(ctx, current, _body, _params, db) {
      if (current.primary) return current;
      await lockContext(db, current.context.id);
      const prev = await db
        .selectFrom('translations')
        .select('data')
        .where('context_id', '=', current.context.id)
        .where('is_primary', '=', true)
        .forUpdate()
        .executeTakeFirst();
      if (prev) {
        const demoted = stampUpdated(ctx, { ...(prev.data as Translation), primary: false });
        await saveTranslation(db, demoted);
        await recordAudit(db, ctx, {
          res: translations,
          objectId: demoted.id,
          action: 'update',
          owner: demoted.owner.id,
          before: prev.data,
          after: demoted,
        });
      }
      return { ...current, primary: true };
    },
    /** Ask again for the machine translation that failed. */
    async retry(ctx, current, _body, _params, db) {
      await queueAutoTranslation(db, ctx, current);
      return { ...current, auto: { enabled: true, status: 'processing' } };
    },
  },
};

// ---------------------------------------------------------------- attributes and tasks

export const attributes: Served<StoredAttribute> = {
  decl: translationAttributeResource,
  table: attributeTable,
  columns: { 'events.updated.at': 'updated_at' },
  idColumn: 'key',
  key: (a) => ({ translation_id: a.translation.id, key: a.key }),
  scope: (ctx, params) => sql<boolean>`t.translation_id = ${params.translation_id ?? ''}
    and t.translation_id in (select x.id from translations x where ${translationVisible(ctx, 'x')})`,
  /** The translation must be visible; its attributes are first brought up to date with the product. */
  async parentVisible(ctx, params, db) {
    requireLocalizationAccess(ctx);
    const t = await visibleTranslation(db, ctx, params.translation_id);
    if (!t) return false;
    await syncAttributes(db, t, await sourcesFor(ctx, db, t.context.instance_id));
    return true;
  },
  present: (a) => presentAttribute(a) as StoredAttribute,
  async update(ctx, current, input, params, db) {
    const t = await visibleTranslation(db, ctx, params.translation_id);
    if (!t) throw ApiError.notFound('Translation');
    requireOwned(ctx, t);
    return editAttribute(current, input, true) ?? current;
  },
};

export const tasks: Served<TranslationTask> = {
  decl: translationTaskResource,
  table: taskTable,
  scope: (ctx, params) => sql<boolean>`t.translation_id = ${params.translation_id ?? ''}
    and t.translation_id in (select x.id from translations x where ${translationVisible(ctx, 'x')})`,
  async parentVisible(ctx, params, db) {
    requireLocalizationAccess(ctx);
    return !!(await visibleTranslation(db, ctx, params.translation_id));
  },
};

// ---------------------------------------------------------------- product localizations

/** The vendor's translations of a product, one per locale, addressed by locale id. */
export const productLocalizations: Served<Translation> = {
  decl: productLocalizationResource,
  table: translationTable,
  idColumn: 'locale_id',
  key: (t) => ({ id: t.id }),
  owner: (t) => t.owner.id,
  scope: (ctx, params) => sql<boolean>`t.product_id = ${params.productId ?? ''} and t.account_id = t.vendor_id
    and ${productVisible(ctx, sql`t.product_id`)}`,
  async parentVisible(ctx, params, db) {
    requireLocalizationAccess(ctx);
    return productIsVisible(db, ctx, params.productId);
  },
  async presentMany(ts, ctx, _include, db) {
    return (await presentTranslations(ts, ctx, db)).map((p) => {
      const out: ProductLocalization = {
        id: p.locale.id,
        locale: p.locale,
        translation: { id: p.id },
        primary: p.primary,
        status: p.status,
        description: p.description,
        stats: p.stats,
        events: p.events,
      };
      return out as unknown as Translation;
    });
  },
  async create(ctx, input, params, db) {
    const product = await productForWrite(db, ctx, params.productId);
    const context = await ensureContext(db, ctx, product);
    return newTranslation(db, ctx, context, input, { sources: await productSources(db, product.id) });
  },
};

// ---------------------------------------------------------------- versions

/**
 * A version build freezes the vendor's translations of the product (with their attribute values), so
 * `/products/{id}/versions/{v}/localizations` shows what was translated when the version was built.
 */
export const versionedLocalizations: VersionedKind = {
  kind: 'localization',
  async rows(db, productId) {
    const list = await db
      .selectFrom('translations')
      .select('data')
      .where('product_id', '=', productId)
      .whereRef('account_id', '=', 'vendor_id')
      .orderBy('locale_id')
      .execute();
    const sources = await productSources(db, productId);
    const out = [];
    for (const { data: t } of list as { data: Translation }[]) {
      await syncAttributes(db, t, sources);
      const values = await db
        .selectFrom('translation_attributes')
        .select(['key', 'value', 'original', 'status'])
        .where('translation_id', '=', t.id)
        .orderBy('key')
        .execute();
      const stats = { total: values.length, translated: values.filter((v) => v.value).length };
      const frozen: ProductLocalization & { attributes: typeof values } = {
        id: t.locale.id,
        locale: t.locale,
        translation: { id: t.id },
        primary: t.primary,
        status: t.status,
        description: t.description,
        stats,
        events: t.events,
        attributes: values,
      };
      out.push({ id: t.locale.id, data: frozen });
    }
    return out;
  },
};

const frozenLocalizations = versionedServed(
  'localization',
  productLocalizationResource,
  '/products/:productId/versions/:version/localizations',
);
export const versionLocalizations: Served<any> = {
  ...frozenLocalizations,
  async parentVisible(ctx, params, db) {
    requireLocalizationAccess(ctx);
    return productIsVisible(db, ctx, params.productId);
  },
};
