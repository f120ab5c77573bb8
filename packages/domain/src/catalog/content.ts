import { z } from 'zod';
import { BOOL_OPS, DATE_OPS, ENUM_OPS, NUMBER_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import type { Fields } from '../resource/fields.ts';
import { Events } from '../identity/common.ts';
import { REQUIRED } from '../validation/messages.ts';
import { requiredError, zOptionalString, zRequiredString } from '../validation/zod.ts';
import * as rules from '../validation/rules.ts';

// A product's content besides items and parameters: templates, media, actions, messages, guidelines,
// and the global category tree. Shapes follow the reference (dp.ProductTemplates, dp.ProductVersionMediaCreate,
// dp.ProductActions, dp.ProductMessage, dp.Category).

const max = (n: number) => `Input must be at most ${n} characters`;
const required = (n: number) => z.string({ error: requiredError }).trim().min(1, REQUIRED).max(n, max(n));
const text = (n: number) => z.string().max(n, max(n));
const Ref = z.object({ id: z.string(), name: z.string().optional() });

// ---------------------------------------------------------------- templates

export const TEMPLATE_SCOPES = ['asset', 'tier1', 'tier2'] as const;
export const TEMPLATE_TYPES = ['fulfillment', 'inquire', 'pending'] as const;
/** Whom a template's message is about: the subscription, or the T1 / T2 reseller (tier labels of spec §1). */
export const TEMPLATE_SCOPE_LABELS: Record<(typeof TEMPLATE_SCOPES)[number], string> = {
  asset: 'Subscription',
  tier1: 'T1',
  tier2: 'T2',
};
/** When a template's message is shown. */
export const TEMPLATE_TYPE_LABELS: Record<(typeof TEMPLATE_TYPES)[number], string> = {
  fulfillment: 'Fulfillment',
  inquire: 'Inquiry',
  pending: 'Pending',
};

export const ProductTemplate = z.object({
  id: z.string(),
  title: z.string(),
  name: z.string(),
  /** Markdown with `{{ placeholder }}` substitutions (see substitutePlaceholders). */
  body: z.string(),
  scope: z.enum(TEMPLATE_SCOPES),
  type: z.enum(TEMPLATE_TYPES).nullable(),
  position: z.number().int().nullable(),
  events: Events,
});
export type ProductTemplate = z.infer<typeof ProductTemplate>;

const templateFields = {
  name: required(255),
  title: text(255).optional(),
  body: text(65536).optional(),
  scope: z.enum(TEMPLATE_SCOPES, { error: `Must be one of: ${TEMPLATE_SCOPES.join(', ')}` }).optional(),
  type: z
    .enum(TEMPLATE_TYPES, { error: `Must be one of: ${TEMPLATE_TYPES.join(', ')}` })
    .nullable()
    .optional(),
  position: z
    .number()
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(4294967295, 'Must be at most 4294967295')
    .nullable()
    .optional(),
};
export const ProductTemplateCreate = z.object({
  ...templateFields,
  name: templateFields.name.meta({ title: 'Name' }),
  scope: templateFields.scope.meta({ title: 'Scope', labels: TEMPLATE_SCOPE_LABELS }),
  type: templateFields.type.meta({ title: 'Type', labels: TEMPLATE_TYPE_LABELS }),
});
export const ProductTemplateUpdate = z.object(templateFields).partial();

export const templateResource = defineResource({
  name: 'product-template',
  title: 'Template',
  path: '/products/:productId/templates',
  module: 'MD-0002',
  schema: ProductTemplate,
  create: ProductTemplateCreate,
  update: ProductTemplateUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    title: { type: 'string', ops: TEXT_OPS },
    scope: { type: 'string', ops: ENUM_OPS, options: TEMPLATE_SCOPES },
    type: { type: 'string', ops: [...ENUM_OPS, 'null'], options: TEMPLATE_TYPES },
    position: { type: 'number', ops: NUMBER_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['position', 'name', 'scope', 'type', 'events.created.at', 'events.updated.at'],
  defaultOrdering: 'position,name',
  search: ['id', 'name', 'title'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: {
    name: { label: 'Name', kind: 'text' },
    title: { label: 'Title', kind: 'text' },
    scope: { label: 'Scope', kind: 'enum', labels: TEMPLATE_SCOPE_LABELS },
    type: { label: 'Type', kind: 'enum', labels: TEMPLATE_TYPE_LABELS },
  },
  list: { columns: ['name', 'scope', 'type'] },
});

/**
 * Substitute `{{ path }}` placeholders (Jinja-style, spaces optional) from a context object.
 * A path walks objects by key and arrays by an element's `id` or `name` (so `asset.params.color.value`
 * reads the value of the parameter named `color`); a single name that is not a context key is looked up
 * as a parameter of the request's asset, then of its tier configuration (`{{ color }}` = `{{ asset.params.color.value }}`).
 * Unknown placeholders render empty, as Jinja does.
 */
export function substitutePlaceholders(body: string, context: Record<string, unknown>): string {
  return body.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_m, path: string) => {
    let value = resolvePath(context, path.split('.'));
    if (value === undefined && !path.includes('.')) {
      value =
        resolvePath(context, ['asset', 'params', path, 'value']) ??
        resolvePath(context, ['tier_config', 'params', path, 'value']);
    }
    return formatValue(value);
  });
}

function resolvePath(node: unknown, parts: string[]): unknown {
  for (const part of parts) {
    if (node === null || node === undefined) return undefined;
    if (Array.isArray(node))
      node = node.find((e) => e && typeof e === 'object' && (e.id === part || e.name === part)) ?? node[Number(part)];
    else if (typeof node === 'object') node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return node;
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    // structured parameter values (address, phone, checkbox map, subdomain) read as their parts
    if (Array.isArray(value)) return value.map(formatValue).join(', ');
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== '' && v !== null && v !== false)
      .map(([k, v]) => (v === true ? k : formatValue(v)))
      .join(', ');
  }
  return String(value);
}

// ---------------------------------------------------------------- media

export const MEDIA_TYPES = ['image', 'video'] as const;
export const MAX_MEDIA = 8;
/** Image formats accepted for icons and media thumbnails (checked by extension and content). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

export const ProductMedia = z.object({
  id: z.string(),
  position: z.number().int(),
  type: z.enum(MEDIA_TYPES),
  /** URL of the uploaded image. */
  thumbnail: z.string(),
  /** For a video: where it plays; for an image: the full-size image (the thumbnail itself). */
  url: z.string().nullable(),
  events: Events,
});
export type ProductMedia = z.infer<typeof ProductMedia>;

// multipart fields arrive as strings
const position = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
  z
    .number({ error: (i) => (i.input === undefined ? REQUIRED : 'Must be a whole number') })
    .int('Must be a whole number')
    .min(1, `Must be between 1 and ${MAX_MEDIA}`)
    .max(MAX_MEDIA, `Must be between 1 and ${MAX_MEDIA}`),
);
const mediaType = z.enum(MEDIA_TYPES, {
  error: (i) => (i.input === undefined ? REQUIRED : `Must be one of: ${MEDIA_TYPES.join(', ')}`),
});

/** Multipart fields of a media upload; `thumbnail` is the stored file's URL, set by the upload route. */
export const ProductMediaCreate = z
  .object({
    position,
    type: mediaType,
    url: zOptionalString(rules.url),
    thumbnail: zRequiredString(),
  })
  .superRefine((m, ctx) => {
    if (m.type === 'video' && !m.url) ctx.addIssue({ code: 'custom', path: ['url'], message: REQUIRED });
  });
export const ProductMediaUpdate = z.object({
  position: position.optional(),
  type: mediaType.optional(),
  url: zOptionalString(rules.url),
});

export const mediaResource = defineResource({
  name: 'product-media',
  title: 'Media',
  path: '/products/:productId/media',
  module: 'MD-0002',
  schema: ProductMedia,
  create: ProductMediaCreate,
  update: ProductMediaUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    position: { type: 'number', ops: NUMBER_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: MEDIA_TYPES },
    url: { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'position', 'type'],
  defaultOrdering: 'position',
  search: ['id', 'url'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: {
    position: { label: 'Position', kind: 'number' },
    type: { label: 'Type', kind: 'enum' },
    url: { label: 'Video', kind: 'url' },
  },
  list: { columns: ['position', 'type', 'url'] },
});

/** How the other product-owned texts read (actions, messages, guidelines). */
const CONTENT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  action: { label: 'Action', kind: 'id' },
  title: { label: 'Title', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  type: { label: 'Type', kind: 'enum' },
  scope: { label: 'Scope', kind: 'enum', labels: { asset: 'Subscription', tier1: 'T1', tier2: 'T2' } },
  url: { label: 'URL', kind: 'url' },
  external_id: { label: 'Code', kind: 'id' },
  value: { label: 'Text', kind: 'multiline' },
  position: { label: 'Position', kind: 'number' },
};

// ---------------------------------------------------------------- product actions

export const ACTION_SCOPES = ['asset', 'tier1', 'tier2'] as const;
/** A button in the customer's and provider's panels that opens the vendor's page (`url`) with a signed link. */
export const ACTION_TYPES = ['button', 'link'] as const;

export const ProductAction = z.object({
  id: z.string(),
  /** The vendor's identifier of the action, unique in the product (letters, digits, '_' and '-'). */
  action: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(ACTION_TYPES),
  scope: z.enum(ACTION_SCOPES),
  /** Where the action link points (https). */
  url: z.string().nullable(),
  events: Events,
});
export type ProductAction = z.infer<typeof ProductAction>;

const actionFields = {
  action: required(100).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, underscores and hyphens'),
  name: required(100),
  title: text(255).optional(),
  description: z.string({ error: requiredError }).max(300, max(300)),
  type: z.enum(ACTION_TYPES, {
    error: (i) => (i.input === undefined ? REQUIRED : `Must be one of: ${ACTION_TYPES.join(', ')}`),
  }),
  scope: z.enum(ACTION_SCOPES, {
    error: (i) => (i.input === undefined ? REQUIRED : `Must be one of: ${ACTION_SCOPES.join(', ')}`),
  }),
  url: zOptionalString(rules.httpsUrl),
};
export const ProductActionCreate = z.object(actionFields);
export const ProductActionUpdate = z.object(actionFields).partial();

export const actionResource = defineResource({
  name: 'product-action',
  title: 'Action',
  path: '/products/:productId/actions',
  module: 'MD-0002',
  schema: ProductAction,
  create: ProductActionCreate,
  update: ProductActionUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    action: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    scope: { type: 'string', ops: ENUM_OPS, options: ACTION_SCOPES },
    type: { type: 'string', ops: ENUM_OPS, options: ACTION_TYPES },
  },
  ordering: ['id', 'action', 'name', 'scope', 'events.created.at'],
  defaultOrdering: 'events.created.at',
  search: ['id', 'action', 'name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: CONTENT_FIELDS,
  list: { columns: ['name', 'action', 'type', 'scope'] },
});

/** Query of GET …/actions/{id}/actionLink: the object the link acts on. */
export const ActionLinkQuery = z.object({ asset_id: z.string().optional(), tier_config_id: z.string().optional() });

// ---------------------------------------------------------------- product messages

export const ProductMessage = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), icon: z.string().nullable(), name: z.string(), status: z.string() }),
  /** The code the vendor's system reports (e.g. a validation error code). */
  external_id: z.string(),
  /** The text shown for it. */
  value: z.string(),
  /** Added automatically from a validation response. */
  auto: z.boolean(),
  events: Events,
});
export type ProductMessage = z.infer<typeof ProductMessage>;

export const ProductMessageCreate = z.object({
  external_id: required(128),
  value: required(2048),
  auto: z.boolean().optional(),
});
export const ProductMessageUpdate = ProductMessageCreate.partial();

export const messageResource = defineResource({
  name: 'product-message',
  title: 'Message',
  path: '/products/:productId/messages',
  module: 'MD-0002',
  schema: ProductMessage,
  create: ProductMessageCreate,
  update: ProductMessageUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    external_id: { type: 'string', ops: TEXT_OPS },
    value: { type: 'string', ops: TEXT_OPS },
    auto: { type: 'boolean', ops: BOOL_OPS },
  },
  ordering: ['id', 'external_id', 'events.created.at'],
  defaultOrdering: 'external_id',
  search: ['external_id', 'value'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: CONTENT_FIELDS,
  list: { columns: ['external_id', 'value'] },
});

// ---------------------------------------------------------------- guidelines

export const Guideline = z.object({
  id: z.string(),
  name: z.string(),
  /** Markdown. */
  body: z.string(),
  position: z.number().int(),
  events: Events,
});
export type Guideline = z.infer<typeof Guideline>;

export const GuidelineCreate = z.object({
  name: required(255),
  body: text(65536).optional(),
  position: z
    .number()
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(2147483647, 'Must be at most 2147483647')
    .optional(),
});
export const GuidelineUpdate = GuidelineCreate.partial();

export const guidelineResource = defineResource({
  name: 'product-guideline',
  title: 'Guideline',
  path: '/products/:productId/guidelines',
  module: 'MD-0002',
  schema: Guideline,
  create: GuidelineCreate,
  update: GuidelineUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    position: { type: 'number', ops: NUMBER_OPS },
  },
  ordering: ['position', 'name', 'events.created.at'],
  defaultOrdering: 'position,name',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  fields: CONTENT_FIELDS,
  list: { columns: ['position', 'name'] },
});

// ---------------------------------------------------------------- categories

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  parent: Ref.nullable(),
  children: z.array(Ref),
  family: Ref,
});
export type Category = z.infer<typeof Category>;

/** The platform's category tree: read-only reference data every account sees. */
export const categoryResource = defineResource({
  name: 'category',
  title: 'Category',
  path: '/categories',
  module: '',
  schema: Category,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    'parent.id': { type: 'string', ops: TEXT_OPS },
    'family.id': { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'name'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    parent: { label: 'Parent', kind: 'ref' },
    family: { label: 'Family', kind: 'ref' },
  },
  list: { columns: ['name', 'id', 'parent'] },
});

// ---------------------------------------------------------------- usage template

/** Columns of the usage file a vendor fills (sheet `records`); the usage-file import reads the same list. */
export const USAGE_RECORD_COLUMNS = [
  'record_id',
  'record_note',
  'item_search_criteria',
  'item_search_value',
  'amount',
  'quantity',
  'start_time_utc',
  'end_time_utc',
  'asset_search_criteria',
  'asset_search_value',
  'item_name',
  'item_mpn',
  'item_unit',
  'item_precision',
  'category_id',
  'asset_recon_id',
  'tier',
] as const;
export const USAGE_ITEM_CRITERIA = ['item.id', 'item.mpn', 'item.local_id'] as const;
export const USAGE_ASSET_CRITERIA = [
  'asset.id',
  'asset.external_id',
  'asset.external_uid',
  'parameter.param_id',
] as const;
