import { z } from 'zod';
import { Events, Ref } from '../identity/common.ts';
import { TOKEN_MODULE } from '../identity/token.ts';
import { BOOL_OPS, DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { REQUIRED, maxLength, minLength } from '../validation/messages.ts';
import * as rules from '../validation/rules.ts';
import { requiredError, ruleCheck } from '../validation/zod.ts';

// Webhooks (reference /notifications/webhooks, ns.Webhook): an account's HTTP callbacks. An `event` webhook is
// called with each change of the objects of its class and product that the account may read; a validator
// webhook is asked to validate a draft or inquiring request before it is saved. Each call is signed with the
// account's `jwt_secret`, which is stored and never answered again in full (docs/decisions.md, Webhooks).

export const WEBHOOK_MODULE = TOKEN_MODULE;

export const WEBHOOK_TYPES = [
  'event',
  'validator',
  'inquiring_validator',
  'change_validator',
  'change_inquiring_validator',
  'renew_validator',
  'renew_inquiring_validator',
  'transfer_validator',
  'transfer_inquiring_validator',
  'draft_tcr_t1_val',
  'draft_tcr_t2_val',
  'tcr_setup_t1_inq_val',
  'tcr_setup_t2_inq_val',
  'tcr_update_t1_validator',
  'tcr_update_t2_validator',
  'tcr_update_t1_inq_val',
  'tcr_update_t2_inq_val',
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_TYPE_LABELS: Record<WebhookType, string> = {
  event: 'Event',
  validator: 'Purchase draft validation',
  inquiring_validator: 'Purchase inquiry validation',
  change_validator: 'Change draft validation',
  change_inquiring_validator: 'Change inquiry validation',
  renew_validator: 'Renewal draft validation',
  renew_inquiring_validator: 'Renewal inquiry validation',
  transfer_validator: 'Transfer draft validation',
  transfer_inquiring_validator: 'Transfer inquiry validation',
  draft_tcr_t1_val: 'Tier 1 setup draft validation',
  draft_tcr_t2_val: 'Tier 2 setup draft validation',
  tcr_setup_t1_inq_val: 'Tier 1 setup inquiry validation',
  tcr_setup_t2_inq_val: 'Tier 2 setup inquiry validation',
  tcr_update_t1_validator: 'Tier 1 update draft validation',
  tcr_update_t2_validator: 'Tier 2 update draft validation',
  tcr_update_t1_inq_val: 'Tier 1 update inquiry validation',
  tcr_update_t2_inq_val: 'Tier 2 update inquiry validation',
};

export const WEBHOOK_OBJECT_CLASSES = [
  'fulfillment_request',
  'tier_config_request',
  'tier_account_request',
  'listing_request',
  'billing_request',
  'usage_file',
] as const;
export type WebhookObjectClass = (typeof WEBHOOK_OBJECT_CLASSES)[number];

export const WEBHOOK_OBJECT_CLASS_LABELS: Record<WebhookObjectClass, string> = {
  fulfillment_request: 'Fulfillment requests',
  tier_config_request: 'Tier config requests',
  tier_account_request: 'Tier account requests',
  listing_request: 'Listing requests',
  billing_request: 'Billing requests',
  usage_file: 'Usage files',
};

/** The object class whose objects a validator type validates: fulfillment types for requests, `tcr` for tiers. */
export const validatorClassOf = (type: WebhookType): WebhookObjectClass | null =>
  type === 'event' ? null : type.includes('tcr') ? 'tier_config_request' : 'fulfillment_request';

/**
 * The validator webhook that validates a request of this type in this status (spec §4 dynamic validation): drafts
 * and inquiring purchases, changes, renewals and transfers; tier config requests by tier level.
 */
export function validatorTypeFor(request: { type: string; status: string }, tierLevel?: 1 | 2): WebhookType | null {
  const inquiring = request.status === 'inquiring';
  if (request.status !== 'draft' && !inquiring) return null;
  if (tierLevel) {
    const t = `t${tierLevel}`;
    if (request.type === 'setup') return (inquiring ? `tcr_setup_${t}_inq_val` : `draft_tcr_${t}_val`) as WebhookType;
    if (request.type === 'update')
      return (inquiring ? `tcr_update_${t}_inq_val` : `tcr_update_${t}_validator`) as WebhookType;
    return null;
  }
  const prefix = { purchase: '', change: 'change_', renew: 'renew_', transfer: 'transfer_' }[request.type];
  if (prefix === undefined) return null;
  return `${prefix}${inquiring ? 'inquiring_' : ''}validator` as WebhookType;
}

/** Why a webhook of this type cannot watch this class (a validator validates one kind of request), or null. */
export function webhookClassIssue(type: WebhookType, objectClass: WebhookObjectClass): string | null {
  const needed = validatorClassOf(type);
  if (!needed || needed === objectClass) return null;
  return `A ${WEBHOOK_TYPE_LABELS[type].toLowerCase()} webhook watches ${WEBHOOK_OBJECT_CLASS_LABELS[needed].toLowerCase()}.`;
}

/** The secret as answered: enough of its end to tell two apart, never the whole (nor, when short, most of it). */
export const maskSecret = (secret: string) => `********${secret.length >= 16 ? secret.slice(-4) : ''}`;
export const isMaskedSecret = (value: string) => /^\*{8}.{0,4}$/.test(value);

export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 100;
export const WEBHOOK_MAX_HEADERS = 20;
/** Headers the delivery sets itself, which a webhook may not replace. */
export const RESERVED_HEADERS = ['authorization', 'content-type', 'content-length', 'host', 'user-agent'];
export const RESERVED_HEADER_PREFIX = 'trellis-';

/** A header name a delivery may carry (an RFC 9110 token, not one the delivery sets itself). */
export function headerNameIssue(name: string): string | null {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return `"${name}" is not a valid header name.`;
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.includes(lower) || lower.startsWith(RESERVED_HEADER_PREFIX))
    return `The header "${name}" is set by Trellis and cannot be replaced.`;
  return null;
}

export const WebhookStats = z.object({
  events: z.number().int(),
  triggers: z.number().int(),
  success_triggers: z.number().int(),
  failure_triggers: z.number().int(),
  failure_since_last_success: z.number().int(),
});
export type WebhookStats = z.infer<typeof WebhookStats>;
export const EMPTY_STATS: WebhookStats = {
  events: 0,
  triggers: 0,
  success_triggers: 0,
  failure_triggers: 0,
  failure_since_last_success: 0,
};

/** One call's outcome (ns.LastTriggerInfo). */
export const TriggerInfo = z.object({
  time: z.string(),
  response: z.record(z.string(), z.unknown()),
  duration: z.number().int(),
  status: z.enum(['success', 'failure']),
  status_code: z.number().int().nullable(),
  errors: z.string().optional(),
});
export type TriggerInfo = z.infer<typeof TriggerInfo>;

const UserRef = z.object({ id: z.string(), name: z.string(), email: z.string().optional() });

export const Webhook = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_TYPES),
  object_class: z.enum(WEBHOOK_OBJECT_CLASSES),
  label: z.string(),
  active: z.boolean(),
  external_url: z.string(),
  /** Masked: the secret is answered only as `maskSecret` shows it. */
  jwt_secret: z.string(),
  description: z.string().nullable(),
  http_method: z.enum(['GET', 'POST']),
  product: Ref.extend({ icon: z.string().nullable().optional() }),
  data: z.record(z.string(), z.unknown()),
  headers: z.record(z.string(), z.string()),
  account: Ref,
  created_at: z.string(),
  created_by: UserRef,
  modified_at: z.string().nullable(),
  modified_by: UserRef.optional(),
  stats: WebhookStats,
  last_event: z.string().nullable(),
  last_success: TriggerInfo.optional(),
  last_failure: TriggerInfo.optional(),
  events: Events,
});
export type Webhook = z.infer<typeof Webhook>;

// ---------------------------------------------------------------- input

const label = z
  .string({ error: requiredError })
  .trim()
  .min(1, REQUIRED)
  .max(100, maxLength(100))
  .meta({ title: 'Label' });
const externalUrl = z
  .string({ error: requiredError })
  .trim()
  .superRefine(ruleCheck((v: string) => rules.firstError(v, rules.required, rules.url)))
  .pipe(z.string().max(4096, maxLength(4096)))
  .meta({ title: 'URL', description: 'Called over https; private and loopback addresses are refused.' });
const secret = z
  .string({ error: requiredError })
  .min(WEBHOOK_SECRET_MIN, minLength(WEBHOOK_SECRET_MIN))
  .max(WEBHOOK_SECRET_MAX, maxLength(WEBHOOK_SECRET_MAX))
  .meta({ title: 'JWT secret', description: 'Signs every call; shown again only as its last 4 characters.' });
const headers = z
  .record(z.string(), z.string().max(2048, maxLength(2048)))
  .superRefine((h, ctx) => {
    const names = Object.keys(h);
    if (names.length > WEBHOOK_MAX_HEADERS)
      ctx.addIssue({ code: 'custom', message: `At most ${WEBHOOK_MAX_HEADERS} headers.`, input: h });
    for (const name of names) {
      const issue = headerNameIssue(name);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, input: h, path: [name] });
      if (/[\r\n]/.test(h[name]))
        ctx.addIssue({ code: 'custom', message: 'A header value is one line.', path: [name] });
    }
  })
  .meta({ title: 'Headers' });

const fields = {
  type: z
    .enum(WEBHOOK_TYPES, { error: () => `Choose one of ${WEBHOOK_TYPES.join(', ')}.` })
    .meta({ title: 'Type', labels: WEBHOOK_TYPE_LABELS }),
  object_class: z
    .enum(WEBHOOK_OBJECT_CLASSES, {
      error: (i) => (i.input === undefined ? REQUIRED : `Choose one of ${WEBHOOK_OBJECT_CLASSES.join(', ')}.`),
    })
    .meta({ title: 'Objects', labels: WEBHOOK_OBJECT_CLASS_LABELS }),
  label,
  product_id: z.string({ error: requiredError }).trim().min(1, REQUIRED).meta({ title: 'Product' }),
  description: z.string().max(2000, maxLength(2000)).nullable().optional().meta({ title: 'Description' }),
  external_url: externalUrl,
  jwt_secret: secret,
  active: z.boolean().meta({ title: 'Active' }),
  http_method: z.enum(['POST'], { error: () => 'Webhooks are called with POST.' }),
  data: z.record(z.string(), z.unknown()),
  headers,
};

export const WebhookCreate = z.object({
  ...fields,
  type: fields.type.default('event'),
  active: fields.active.default(true),
  http_method: fields.http_method.default('POST'),
  data: fields.data.default({}),
  headers: headers.default({}),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** PUT: what is sent replaces; a secret sent back as it was answered (masked) keeps the stored one. */
export const WebhookUpdate = z
  .object({
    ...fields,
    jwt_secret: z.union([z.string().refine(isMaskedSecret), secret]),
  })
  .partial();
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

export const webhookResource = defineResource({
  name: 'webhook',
  title: 'Webhook',
  path: '/notifications/webhooks',
  module: WEBHOOK_MODULE,
  schema: Webhook,
  create: WebhookCreate,
  update: WebhookUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    label: { type: 'string', ops: TEXT_OPS.filter((o) => o !== 'null') },
    description: { type: 'string', ops: TEXT_OPS },
    active: { type: 'boolean', ops: BOOL_OPS.filter((o) => o !== 'null'), label: 'Active' },
    type: { type: 'string', ops: ['eq', 'ne', 'like', 'ilike', 'in', 'out'], options: WEBHOOK_TYPES, label: 'Type' },
    object_class: { type: 'string', ops: ENUM_OPS, options: WEBHOOK_OBJECT_CLASSES, label: 'Objects' },
    'product.id': { type: 'string', ops: TEXT_OPS },
    'product.name': { type: 'string', ops: TEXT_OPS.filter((o) => o !== 'null') },
    created_at: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'label', 'active', 'type', 'object_class', 'product.name', 'created_at'],
  defaultOrdering: '-created_at',
  search: ['id', 'label', 'description', 'product.id', 'product.name'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    label: { label: 'Label', kind: 'text' },
    description: { label: 'Description', kind: 'multiline', hideEmpty: true },
    type: { label: 'Type', kind: 'enum', labels: WEBHOOK_TYPE_LABELS },
    object_class: { label: 'Objects', kind: 'enum', labels: WEBHOOK_OBJECT_CLASS_LABELS },
    product: { label: 'Product', kind: 'ref', route: 'product', sort: 'product.name' },
    active: { label: 'Active', kind: 'bool' },
    external_url: { label: 'URL', kind: 'url' },
    jwt_secret: { label: 'JWT secret', kind: 'text' },
    'stats.failure_since_last_success': { label: 'Failures since last success', kind: 'number' },
    'stats.triggers': { label: 'Calls', kind: 'number' },
    last_event: { label: 'Last event', kind: 'date' },
    created_at: { label: 'Created', kind: 'date' },
    created_by: { label: 'Created by', kind: 'user' },
  },
  list: {
    columns: ['label', 'type', 'object_class', 'product', 'active', 'stats.failure_since_last_success', 'last_event'],
    phone: ['label', 'active'],
    filters: ['active', 'type', 'object_class'],
  },
  detail: {
    fields: [
      'id',
      'type',
      'object_class',
      'product',
      'active',
      'external_url',
      'jwt_secret',
      'stats.triggers',
      'stats.failure_since_last_success',
      'last_event',
      'created_at',
      'created_by',
      'description',
    ],
  },
});
