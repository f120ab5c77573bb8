import { z } from 'zod';
import {
  BOOL_OPS,
  DATE_OPS,
  ENUM_OPS,
  TEXT_OPS,
  defineResource,
  defineMachine,
  statusTones,
  type Refusal,
  type Viewer,
} from '../resource/index.ts';
import { Events } from '../identity/common.ts';

/** Permission module of localization work (spec §6: translation switching needs it, or vendor status). */
export const LOCALIZATION_MODULE = 'MD-0012';

/**
 * Translation statuses: `processing` while a requested machine translation is queued or running,
 * `inactive` until activated (not shown to customers), `active` in use. The primary one is active.
 */
export const TRANSLATION_STATUSES = ['processing', 'inactive', 'active'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];
export const AUTO_TRANSLATION_STATUSES = ['processing', 'success', 'failed'] as const;
/** Attribute statuses: no value yet; translated; or the original text changed since it was translated. */
export const ATTRIBUTE_STATUSES = ['untranslated', 'translated', 'outdated'] as const;
export const TASK_STATUSES = ['new', 'processing', 'success', 'error'] as const;
export const CONTEXT_TYPES = ['product', 'pim'] as const;

const LocaleRef = z.object({ id: z.string(), name: z.string(), auto_translation: z.boolean().optional() });
const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
const IdInput = (what: string) =>
  z.object(
    {
      id: z
        .string({ error: `${what}.id: This field is required` })
        .trim()
        .min(1, 'This field is required'),
    },
    { error: 'This field is required' },
  );
const description = z.string().max(4000, 'Input must be at most 4000 characters').nullable().optional();
const AutoInput = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

export const Locale = z.object({
  id: z.string(),
  name: z.string(),
  local_name: z.string(),
  auto_translation: z.boolean(),
  stats: z.object({ translations: z.number().int() }),
  marketplaces: z.array(z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() })),
});
export type Locale = z.infer<typeof Locale>;

/** The reference list of locales; read-only. */
export const localeResource = defineResource({
  name: 'locale',
  title: 'Locale',
  path: '/localization/locales',
  module: '',
  schema: Locale,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    local_name: { type: 'string', ops: TEXT_OPS },
    auto_translation: { type: 'boolean', ops: ['eq', 'ne'] },
  },
  ordering: ['id', 'name', 'local_name'],
  defaultOrdering: 'id',
  search: ['id', 'name', 'local_name'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    local_name: { label: 'Local name', kind: 'text' },
    auto_translation: { label: 'Automatic translation', kind: 'bool' },
  },
  list: { columns: ['name', 'id', 'local_name', 'auto_translation'] },
});

export const ContextRef = z.object({
  id: z.string(),
  instance_id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  type: z.enum(CONTEXT_TYPES),
});

/** A translation as listed inside its context (spec §3: id, locale, owned, primary, status). */
export const TranslationRef = z.object({
  id: z.string(),
  locale: LocaleRef,
  primary: z.boolean(),
  status: z.enum(TRANSLATION_STATUSES),
  owner: AccountRef,
  owned: z.boolean(),
});

export const LocalizationContext = ContextRef.extend({
  owner: AccountRef,
  translations: z.array(TranslationRef).optional(),
  primary_locale: LocaleRef.nullable().optional(),
  events: Events,
});
export type LocalizationContext = z.infer<typeof LocalizationContext>;

const TranslationInput = z.object({
  locale: IdInput('locale'),
  description,
  primary: z.boolean().optional(),
  auto: AutoInput.optional(),
});

export const LocalizationContextCreate = z.object({
  instance_id: z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(100, 'Input must be at most 100 characters'),
  type: z.enum(['product'], { error: 'type must be product' }).optional(),
  translations: z.array(TranslationInput).max(50).optional(),
});

/** One per translatable object (a product); created with its first translation. */
export const localizationContextResource = defineResource({
  name: 'localization-context',
  title: 'Localization context',
  path: '/localization/contexts',
  module: '',
  schema: LocalizationContext,
  create: LocalizationContextCreate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    instance_id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: CONTEXT_TYPES },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'instance_id', 'name', 'type', 'events.created.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'instance_id', 'name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  machine: defineMachine<LocalizationContext>({
    statuses: {},
    actions: {},
    deletable: (c, v) =>
      c.owner.id === v.accountId
        ? null
        : { kind: 'side', message: 'Only the vendor that owns this product can delete its localization context.' },
  }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Product', kind: 'text' },
    instance_id: { label: 'Product ID', kind: 'id' },
    primary_locale: { label: 'Primary locale', kind: 'ref' },
    owner: { label: 'Vendor', kind: 'ref' },
  },
  list: { columns: ['name', 'instance_id', 'primary_locale', 'owner'] },
});

export const Translation = z.object({
  id: z.string(),
  context: ContextRef,
  owner: AccountRef,
  owned: z.boolean().optional(),
  locale: LocaleRef,
  description: z.string().nullable(),
  stats: z.object({ total: z.number().int(), translated: z.number().int() }).optional(),
  auto: z.object({
    enabled: z.boolean(),
    status: z.enum(AUTO_TRANSLATION_STATUSES).optional(),
    error_message: z.string().optional(),
  }),
  status: z.enum(TRANSLATION_STATUSES),
  primary: z.boolean(),
  events: Events,
});
export type Translation = z.infer<typeof Translation>;

export const TranslationCreate = TranslationInput.extend({
  /** The context by id, or the translatable object (a product id) whose context is created on first use. */
  context: z
    .object({ id: z.string().optional(), instance_id: z.string().optional() }, { error: 'This field is required' })
    .refine((c) => !!(c.id || c.instance_id), 'context: give id or instance_id'),
});
export const TranslationUpdate = z.object({ description, auto: AutoInput.optional() });
/** Clone: a copy owned by the caller, of the same locale or of another one. */
export const TranslationClone = z.object({ locale: IdInput('locale').optional(), description }).nullish();

/** Only the account that owns a translation changes it (others clone it to get their own). */
export const ownsTranslation = (t: Pick<Translation, 'id' | 'owner'>, v: Viewer): Refusal | null =>
  t.owner.id === v.accountId
    ? null
    : {
        kind: 'side',
        message: `Translation ${t.id} belongs to ${t.owner.name}; only its owner can change it. Clone it to make your own.`,
      };

const autoFailed = (t: Translation) => t.auto.enabled && t.auto.status === 'failed';

/** The primary translation holds the product's own texts: it is never deleted. */
const primaryStays = (t: { id: string; primary: boolean }): Refusal | null =>
  t.primary
    ? {
        kind: 'guard',
        message: `Translation ${t.id} is primary and cannot be deleted; make another translation primary first.`,
      }
    : null;

/**
 * Translations (spec §3, §4, §6): activate an inactive one, make an active one the context's primary (its vendor
 * only), retry a failed machine translation, clone any visible one into one's own. Only the owner changes, acts
 * on or deletes a translation; the primary one is never deleted.
 */
export const translationMachine = defineMachine<Translation>({
  statuses: statusTones(TRANSLATION_STATUSES, { inactive: 'default' }),
  actions: {
    activate: {
      label: 'Activate',
      from: ['inactive'],
      to: 'active',
      rule: ownsTranslation,
      done: (t) => `${t.locale.name} translation activated.`,
    },
    primarize: {
      label: 'Make primary',
      from: ['active'],
      by: ['vendor'],
      rule: ownsTranslation,
      shown: (t) => !t.primary,
      done: (t) => `${t.locale.name} is now the primary translation.`,
    },
    retry: {
      label: 'Retry',
      from: ['inactive', 'active'],
      rule: ownsTranslation,
      shown: autoFailed,
      guard: (t) =>
        autoFailed(t)
          ? null
          : `Only a failed automatic translation can be retried; translation ${t.id} has ${
              t.auto.enabled ? `automatic translation ${t.auto.status ?? 'pending'}` : 'automatic translation disabled'
            }.`,
      done: (t) => `Automatic translation into ${t.locale.name} requested again.`,
    },
    clone: {
      label: 'Clone',
      body: TranslationClone,
      done: (t) => `Cloned into your ${t.locale.name} translation.`,
    },
  },
  editable: ownsTranslation,
  deletable: (t, v) => ownsTranslation(t, v) ?? primaryStays(t),
});

export const translationResource = defineResource({
  name: 'translation',
  title: 'Translation',
  path: '/localization/translations',
  module: '',
  schema: Translation,
  create: TranslationCreate,
  update: TranslationUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: TRANSLATION_STATUSES },
    primary: { type: 'boolean', ops: ['eq', 'ne'] },
    description: { type: 'string', ops: TEXT_OPS },
    'locale.id': { type: 'string', ops: TEXT_OPS },
    'locale.name': { type: 'string', ops: TEXT_OPS },
    'context.id': { type: 'string', ops: TEXT_OPS },
    'context.instance_id': { type: 'string', ops: TEXT_OPS },
    'context.name': { type: 'string', ops: TEXT_OPS },
    'context.type': { type: 'string', ops: TEXT_OPS },
    'owner.id': { type: 'string', ops: TEXT_OPS },
    'owner.name': { type: 'string', ops: TEXT_OPS },
    'auto.enabled': { type: 'boolean', ops: ['eq', 'ne'] },
    'auto.status': { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: [
    'id',
    'status',
    'primary',
    'locale.id',
    'locale.name',
    'context.id',
    'context.name',
    'owner.id',
    'events.created.at',
    'events.updated.at',
  ],
  defaultOrdering: '-events.created.at',
  search: ['id', 'description', 'context.name'],
  visibleTo: ['vendor', 'provider'],
  machine: translationMachine,
  fields: {
    id: { label: 'ID', kind: 'id' },
    locale: { label: 'Locale', kind: 'ref' },
    owner: { label: 'Owner', kind: 'ref' },
    status: { label: 'Status', kind: 'status' },
    primary: { label: 'Primary', kind: 'bool' },
    description: { label: 'Description', kind: 'multiline' },
    context: { label: 'Product', kind: 'ref', route: 'product', routeParams: { id: 'context.instance_id' } },
  },
  list: { columns: ['locale', 'owner', 'status', 'primary'] },
});

export const TranslationAttribute = z.object({
  key: z.string(),
  value: z.string().nullable(),
  comment: z.string().nullable(),
  auto_translated: z.boolean(),
  /** The product's current text for this key, and whether the value still matches it. */
  original: z.string(),
  status: z.enum(ATTRIBUTE_STATUSES),
  object: z.object({ id: z.string(), model: z.string() }),
  translation: z.object({ id: z.string() }),
  events: Events,
});
export type TranslationAttribute = z.infer<typeof TranslationAttribute>;

const attributeText = z.string().max(10000, 'Input must be at most 10000 characters').nullable().optional();
export const TranslationAttributeUpdate = z.object({ value: attributeText, comment: description });
export const TranslationAttributeBulk = z
  .array(
    TranslationAttributeUpdate.extend({
      key: z.string({ error: 'key: This field is required' }).min(1, 'key: This field is required'),
    }),
    { error: 'Expected a list of {key, value, comment}' },
  )
  .max(5000);

export const translationAttributeResource = defineResource({
  name: 'translation-attribute',
  title: 'Translation attribute',
  path: '/localization/translations/:translation_id/attributes',
  module: '',
  schema: TranslationAttribute,
  update: TranslationAttributeUpdate,
  filters: {
    key: { type: 'string', ops: TEXT_OPS },
    value: { type: 'string', ops: TEXT_OPS },
    comment: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: ATTRIBUTE_STATUSES },
    auto_translated: { type: 'boolean', ops: ['eq', 'ne'] },
    'object.id': { type: 'string', ops: TEXT_OPS },
    'object.model': { type: 'string', ops: TEXT_OPS },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['key', 'value', 'status', 'events.updated.at'],
  defaultOrdering: 'key',
  search: ['key', 'value', 'original'],
  visibleTo: ['vendor', 'provider'],
});

export const TranslationTask = z.object({
  id: z.string(),
  type: z.enum(['attributes_autotranslation']),
  arguments: z.record(z.string(), z.any()).nullable(),
  status: z.enum(TASK_STATUSES),
  error_message: z.string().nullable(),
  events: Events,
});
export type TranslationTask = z.infer<typeof TranslationTask>;

export const translationTaskResource = defineResource({
  name: 'translation-task',
  title: 'Translation task',
  path: '/localization/translations/:translation_id/tasks',
  module: '',
  schema: TranslationTask,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: TASK_STATUSES },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'status', 'events.created.at'],
  defaultOrdering: '-events.created.at',
  search: ['id'],
  visibleTo: ['vendor', 'provider'],
});

/** A product's translation into one locale, as the product pages list it (the vendor's own translations). */
export const ProductLocalization = z.object({
  id: z.string(),
  locale: LocaleRef,
  translation: z.object({ id: z.string() }),
  primary: z.boolean(),
  status: z.enum(TRANSLATION_STATUSES),
  description: z.string().nullable(),
  stats: z.object({ total: z.number().int(), translated: z.number().int() }).optional(),
  events: Events,
});
export type ProductLocalization = z.infer<typeof ProductLocalization>;

export const ProductLocalizationCreate = z.object({ locale: IdInput('locale'), description });

export const productLocalizationResource = defineResource({
  name: 'product-localization',
  title: 'Product localization',
  path: '/products/:productId/localizations',
  module: '',
  schema: ProductLocalization,
  create: ProductLocalizationCreate,
  remove: true,
  filters: {
    'locale.id': { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: TRANSLATION_STATUSES },
    primary: { type: 'boolean', ops: BOOL_OPS },
  },
  ordering: ['locale.id', 'status', 'events.created.at'],
  defaultOrdering: 'locale.id',
  search: ['locale.id', 'locale.name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  // DELETE removes the vendor's translation behind it (stored as the translation: its id is the TRN id)
  machine: defineMachine<{ id: string; primary: boolean }>({
    statuses: statusTones(TRANSLATION_STATUSES, { inactive: 'default' }),
    actions: {},
    deletable: primaryStays,
  }),
  fields: {
    locale: { label: 'Locale', kind: 'ref' },
    primary: { label: 'Primary', kind: 'bool' },
    status: { label: 'Status', kind: 'status' },
  },
  list: { columns: ['locale', 'primary', 'status'] },
});

// ---------------------------------------------------------------- spec §6 rules, shared by server and portal

export interface TranslationAccessInput {
  accountType: 'vendor' | 'provider';
  /** The caller's account owns the product (vendor status for this product). */
  productOwner: boolean;
  /** The caller holds the localization module (MD-0012). */
  canLocalize: boolean;
  /** The product version on screen is the latest one. */
  latestVersion: boolean;
  /** The translation switched to, or null for the product's own texts. */
  translation: { owned: boolean; primary: boolean; empty: boolean } | null;
}

/**
 * Spec §6: switching translations needs the localization permission or vendor status, and the latest
 * version. Vendors edit only the latest version; others edit only translations they own. Fields that
 * are not translated are disabled for non-vendors, and for vendors on a non-primary, non-empty translation.
 */
export function translationAccess(a: TranslationAccessInput) {
  const vendor = a.accountType === 'vendor' && a.productOwner;
  const canSwitch = (a.canLocalize || vendor) && a.latestVersion;
  const t = a.translation;
  const canEditTranslation = !!t && t.owned && (vendor ? a.latestVersion : a.canLocalize);
  const nonTranslationDisabled = !vendor || !a.latestVersion || (!!t && !t.primary && !t.empty);
  return { canSwitch, canEditTranslation, nonTranslationDisabled };
}

/** Attribute keys look like `product.PRD-123-123-123.name`: model, object id, field. */
export function attributeKey(model: string, objectId: string, field: string): string {
  return `${model}.${objectId}.${field}`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
