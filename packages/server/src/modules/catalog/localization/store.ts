import {
  LOCALIZATION_MODULE,
  ownsTranslation,
  type LocalizationContext,
  type Translation,
  type TranslationAttribute,
  type TranslationTask,
} from '@trellis/domain';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { actorOf, can, viewerOf, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { refused, stampCreated, type Db } from '../../../resources/engine.ts';
import { bool, defineTable, rowOf, text } from '../../../resources/table.ts';
import { createdAtColumn, updatedAtColumn } from '../columns.ts';
import { newId } from '../../../resources/ids.ts';
import { inList } from '../../../db/in-list.ts';
import { productVisible } from '../visibility.ts';
import type { Source } from './sources.ts';

// ---------------------------------------------------------------- access (spec §6)

/** Localization needs the localization module, or vendor status (a vendor with the products module). */
export function requireLocalizationAccess(ctx: Ctx): true {
  if (can(ctx, LOCALIZATION_MODULE) || (ctx.account.type === 'vendor' && can(ctx, 'MD-0002'))) return true;
  throw ApiError.forbidden(`Access to module ${LOCALIZATION_MODULE} is not granted.`);
}

/** Only the account that owns a translation changes it (the domain's rule, as the engine applies it). */
export function requireOwned(ctx: Ctx, t: Translation) {
  const r = ownsTranslation(t, viewerOf(ctx));
  if (r) throw refused(r);
}

/**
 * Translations a caller sees (alias `a`): of products it sees, owned by itself or by the product's
 * vendor. A provider never sees another provider's translations, nor a vendor a provider's.
 */
export function translationVisible(ctx: Ctx, alias: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<boolean>`(${productVisible(ctx, col('product_id'))}
    and (${col('account_id')} = ${ctx.account.id} or ${col('account_id')} = ${col('vendor_id')}))`;
}

// ---------------------------------------------------------------- rows

/** The declared columns of an object, for the flows that write these tables themselves. */
type Row = any;

const now = () => new Date().toISOString();

export const translationTable = defineTable('translations', {
  id: text('id'),
  context_id: text('context.id'),
  product_id: text('context.instance_id'),
  account_id: text('owner.id'),
  vendor_id: text((t: Translation) => vendorOf(t)),
  locale_id: text('locale.id'),
  status: text('status'),
  is_primary: bool('primary'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});
/** The product's vendor, kept on the stored object (not part of the reference shape, removed on output). */
const vendorOf = (t: Translation) => (t as any).vendor?.id as string;
export const withoutInternals = <T extends Record<string, any>>(t: T): T => {
  const { vendor: _v, ...rest } = t;
  return rest as T;
};

export async function insertTranslation(db: Transaction<DB>, t: Translation) {
  await db
    .insertInto('translations')
    .values({ ...(rowOf(translationTable, t) as Row), data: JSON.stringify(t) })
    .execute();
}
export async function saveTranslation(db: Db, t: Translation) {
  const { id: _id, ...cols } = rowOf(translationTable, t) as Row;
  await db
    .updateTable('translations')
    .set({ ...cols, data: JSON.stringify(t) })
    .where('id', '=', t.id)
    .execute();
}

export async function localeRef(db: Db, id: string, field = 'locale') {
  const l = await db
    .selectFrom('locales')
    .select(['id', 'name', 'auto_translation'])
    .where('id', '=', id.toUpperCase())
    .executeTakeFirst();
  if (!l) throw ApiError.badRequest(`${field}: unknown locale '${id}'.`);
  return { id: l.id, name: l.name, auto_translation: l.auto_translation };
}

// ---------------------------------------------------------------- contexts

export async function contextOfProduct(db: Db, productId: string): Promise<LocalizationContext | null> {
  const row = await db
    .selectFrom('localization_contexts')
    .select('data')
    .where('instance_id', '=', productId)
    .executeTakeFirst();
  return (row?.data as LocalizationContext) ?? null;
}

/** A new context for a product (owned by the product's vendor, whoever asks for it). Not inserted. */
export function newContext(ctx: Ctx, product: { id: string; data: any }): LocalizationContext {
  return stampCreated(ctx, {
    id: newId('LCX', 3, 4),
    instance_id: product.id,
    name: product.data.name,
    icon: product.data.icon ?? null,
    type: 'product',
    owner: { id: product.data.owner.id, name: product.data.owner.name },
    events: {},
  } as LocalizationContext);
}

export const contextTable = defineTable('localization_contexts', {
  id: text('id'),
  account_id: text('owner.id'),
  instance_id: text('instance_id'),
  type: text('type'),
  name: text('name'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

/** The product's context, created (and audited) on first use; of two concurrent first uses one creates it. */
export async function ensureContext(
  db: Transaction<DB>,
  ctx: Ctx,
  product: { id: string; data: any },
): Promise<LocalizationContext> {
  const found = await contextOfProduct(db, product.id);
  if (found) return found;
  const c = newContext(ctx, product);
  const made = await db
    .insertInto('localization_contexts')
    .values({ ...(rowOf(contextTable, c) as Row), data: JSON.stringify(c) })
    .onConflict((oc) => oc.column('instance_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!made) return (await contextOfProduct(db, product.id))!;
  await recordAudit(db, ctx, {
    res: 'localization-context',
    objectId: c.id,
    action: 'create',
    owner: c.owner.id,
    after: c,
  });
  return c;
}

/** Changes to a context's set of translations (new ones, the primary flag) run one at a time. */
export async function lockContext(db: Transaction<DB>, contextId: string) {
  await db.selectFrom('localization_contexts').select('id').where('id', '=', contextId).forUpdate().execute();
}

// ---------------------------------------------------------------- translations

export interface TranslationInput {
  locale: { id: string };
  description?: string | null;
  primary?: boolean;
  auto?: { enabled: boolean };
}

/**
 * A new translation of a context, owned by the caller. The vendor's first translation of a context is
 * its primary one: it holds the product's own texts and starts active. Attribute rows are written here
 * (their foreign key is deferred), the translation row only when `insert` is set (the engine inserts
 * the objects it creates itself).
 */
export async function newTranslation(
  db: Transaction<DB>,
  ctx: Ctx,
  context: LocalizationContext,
  input: TranslationInput,
  opts: { insert?: boolean; copyFrom?: Translation; sources: Source[] },
): Promise<Translation> {
  const locale = await localeRef(db, input.locale.id);
  // A copy is never primary; not locking the context there keeps clone (which holds its source row)
  // from deadlocking with primarize (which holds the context, then the old primary's row).
  if (!opts.copyFrom) await lockContext(db, context.id);
  const vendorId = context.owner.id;
  const dup = await db
    .selectFrom('translations')
    .select('id')
    .where('context_id', '=', context.id)
    .where('locale_id', '=', locale.id)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
  if (dup) throw ApiError.badRequest(`locale: ${context.name} already has your ${locale.id} translation (${dup.id}).`);
  const primaryNow = await db
    .selectFrom('translations')
    .select('id')
    .where('context_id', '=', context.id)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  if (input.primary && primaryNow)
    throw ApiError.badRequest(
      `primary: ${context.name} already has a primary translation (${primaryNow.id}); use primarize to move it.`,
    );
  if (input.primary && ctx.account.id !== vendorId)
    throw ApiError.forbidden("Only the product's vendor owns its primary translation.");
  const primary = ctx.account.id === vendorId && !primaryNow && !opts.copyFrom;
  const auto = !!input.auto?.enabled;
  if (auto && primary)
    throw ApiError.badRequest(
      "auto: the primary translation holds the product's own texts; it is not machine translated.",
    );
  if (auto && !locale.auto_translation)
    throw ApiError.badRequest(`auto: automatic translation is not available for locale ${locale.id}.`);
  const t = stampCreated(ctx, {
    id: newId('TRN', 3, 4),
    context: {
      id: context.id,
      instance_id: context.instance_id,
      name: context.name,
      icon: context.icon,
      type: context.type,
    },
    owner: { id: ctx.account.id, name: ctx.account.name },
    vendor: { id: vendorId },
    locale,
    description: input.description ?? null,
    auto: auto ? { enabled: true, status: 'processing' } : { enabled: false },
    status: primary ? 'active' : auto ? 'processing' : 'inactive',
    primary,
    events: {},
  } as Translation);
  if (opts.insert) await insertTranslation(db, t);
  const copied = opts.copyFrom ? await storedValues(db, opts.copyFrom.id) : new Map<string, StoredValue>();
  for (const s of opts.sources) {
    const from = copied.get(s.key);
    const value = primary ? s.text : (from?.value ?? null);
    await insertAttribute(
      db,
      t,
      s,
      {
        value,
        comment: from?.comment ?? null,
        auto_translated: from?.auto_translated ?? false,
        translated_from: primary ? s.text : from ? from.translated_from : null,
      },
      ctx,
    );
  }
  if (auto) await queueAutoTranslation(db, ctx, t);
  return t;
}

/** A job asks the machine translation service for the missing values; see auto.ts. */
export async function queueAutoTranslation(db: Transaction<DB>, ctx: Ctx, t: Translation) {
  const task: TranslationTask = stampCreated(ctx, {
    id: newId('TRNT', 3, 4),
    type: 'attributes_autotranslation',
    arguments: { locale: t.locale.id },
    status: 'new',
    error_message: null,
    events: {},
  } as TranslationTask);
  await db
    .insertInto('translation_tasks')
    .values({
      id: task.id,
      translation_id: t.id,
      account_id: t.owner.id,
      type: task.type,
      status: task.status,
      created_at: task.events.created.at,
      data: JSON.stringify(task),
    })
    .execute();
  await enqueue(db, 'localization.auto-translate', { translationId: t.id, taskId: task.id }, { accountId: t.owner.id });
}

// ---------------------------------------------------------------- attributes

interface StoredValue {
  value: string | null;
  comment: string | null;
  auto_translated: boolean;
  translated_from: string | null;
  original: string;
  data: StoredAttribute;
}

async function storedValues(db: Db, translationId: string): Promise<Map<string, StoredValue>> {
  const rows = await db
    .selectFrom('translation_attributes')
    .select(['key', 'value', 'original', 'translated_from', 'data'])
    .where('translation_id', '=', translationId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.key,
      {
        value: r.value,
        original: r.original,
        translated_from: r.translated_from,
        comment: r.data.comment ?? null,
        auto_translated: !!r.data.auto_translated,
        data: r.data,
      },
    ]),
  );
}

export function attributeStatus(a: {
  value: string | null;
  translated_from: string | null;
  original: string;
}): TranslationAttribute['status'] {
  if (a.value == null || a.value === '') return 'untranslated';
  return a.translated_from !== a.original ? 'outdated' : 'translated';
}

/** An attribute as stored: `translated_from` is the original text its value was written against (not shown). */
export type StoredAttribute = TranslationAttribute & { translated_from: string | null };

export const attributeTable = defineTable('translation_attributes', {
  translation_id: text('translation.id'),
  key: text('key'),
  /** The translation's owner and product, set when the attribute is made. */
  account_id: text(),
  product_id: text(),
  value: text('value').nullable(),
  original: text('original'),
  translated_from: text('translated_from').nullable(),
  status: text('status'),
  updated_at: updatedAtColumn(),
});

export const taskTable = defineTable('translation_tasks', {
  id: text('id'),
  /** The translation and its owner, set when the task is queued. */
  translation_id: text(),
  account_id: text(),
  type: text('type'),
  status: text('status'),
  created_at: createdAtColumn(),
});

async function insertAttribute(
  db: Db,
  t: Translation,
  s: Source,
  v: { value: string | null; comment: string | null; auto_translated: boolean; translated_from: string | null },
  ctx: Ctx | null,
) {
  const at = now();
  const by = ctx ? actorOf(ctx) : { id: 'system', name: 'System' };
  const a: StoredAttribute = {
    key: s.key,
    value: v.value,
    comment: v.comment,
    auto_translated: v.auto_translated,
    original: s.text,
    translated_from: v.translated_from,
    status: attributeStatus({ value: v.value, translated_from: v.translated_from, original: s.text }),
    object: { id: s.objectId, model: s.model },
    translation: { id: t.id },
    events: { created: { at, by }, updated: { at, by } },
  };
  await db
    .insertInto('translation_attributes')
    .values({
      ...(rowOf(attributeTable, a) as Row),
      account_id: t.owner.id,
      product_id: t.context.instance_id,
      data: JSON.stringify(a),
    })
    .onConflict((oc) => oc.columns(['translation_id', 'key']).doNothing())
    .execute();
}

/**
 * Bring a translation's attribute rows in line with the product's current texts: new texts get a row
 * (pre-filled on the primary translation, which follows the product unless edited), changed texts
 * update `original` (a value written against the old text becomes outdated), texts gone are dropped.
 */
export async function syncAttributes(db: Db, t: Translation, sources: Source[]) {
  const stored = await storedValues(db, t.id);
  const keys = new Set<string>();
  for (const s of sources) {
    keys.add(s.key);
    const cur = stored.get(s.key);
    if (!cur) {
      await insertAttribute(
        db,
        t,
        s,
        {
          value: t.primary ? s.text : null,
          comment: null,
          auto_translated: false,
          translated_from: t.primary ? s.text : null,
        },
        null,
      );
      continue;
    }
    if (cur.original === s.text) continue;
    const follows = t.primary && cur.value === cur.original;
    const value = follows ? s.text : cur.value;
    const translatedFrom = follows ? s.text : cur.translated_from;
    const data = {
      ...cur.data,
      value,
      original: s.text,
      translated_from: translatedFrom,
      status: attributeStatus({ value, translated_from: translatedFrom, original: s.text }),
    };
    await db
      .updateTable('translation_attributes')
      .set({
        value,
        original: s.text,
        translated_from: translatedFrom,
        status: data.status,
        data: JSON.stringify(data),
      })
      .where('translation_id', '=', t.id)
      .where('key', '=', s.key)
      .execute();
  }
  const gone = [...stored.keys()].filter((k) => !keys.has(k));
  if (gone.length)
    await db.deleteFrom('translation_attributes').where('translation_id', '=', t.id).where('key', 'in', gone).execute();
}

/** Attribute counts of each translation (total, translated), one query for all of them. */
export async function translationStats(db: Db, translationIds: readonly string[]) {
  const { rows } = await sql<{
    id: string;
    total: string;
    translated: string;
  }>`select translation_id as id, count(*) as total,
    count(*) filter (where value is not null and value <> '') as translated
    from translation_attributes where ${inList(sql`translation_id`, translationIds)} group by translation_id`.execute(
    db,
  );
  const stats = new Map(rows.map((r) => [r.id, { total: Number(r.total), translated: Number(r.translated) }]));
  return (id: string) => stats.get(id) ?? { total: 0, translated: 0 };
}

/**
 * An attribute after an edit, or null when nothing changes. Writing a value records the original it
 * translates; with `confirm`, writing the same value again confirms an outdated one (a spreadsheet
 * import passes false so unchanged rows stay untouched).
 */
export function editAttribute(
  cur: StoredAttribute,
  input: { value?: string | null; comment?: string | null },
  confirm: boolean,
): StoredAttribute | null {
  const norm = (v: string | null | undefined) => (v === '' ? null : v);
  const value = input.value !== undefined ? (norm(input.value) ?? null) : cur.value;
  const comment = input.comment !== undefined ? (norm(input.comment) ?? null) : cur.comment;
  const valueChanged = value !== cur.value || (confirm && input.value !== undefined);
  const translated_from = valueChanged ? (value == null ? null : cur.original) : cur.translated_from;
  const next: StoredAttribute = {
    ...cur,
    value,
    comment,
    translated_from,
    auto_translated: valueChanged && value !== cur.value ? false : cur.auto_translated,
  };
  next.status = attributeStatus(next);
  const same = next.value === cur.value && next.comment === cur.comment && next.translated_from === cur.translated_from;
  return same ? null : next;
}

export const presentAttribute = (a: StoredAttribute): TranslationAttribute => {
  const { translated_from: _f, ...rest } = a;
  return rest;
};
