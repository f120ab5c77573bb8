import { z } from 'zod';
import { Events } from '../identity/common.ts';
import { defineResource, ENUM_OPS, TEXT_OPS } from '../resource/index.ts';
import type { Fields } from '../resource/fields.ts';
import { REQUIRED } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';

// Usage rules (reference /products/{id}/usage/rules, usage.UsageItemRule): how a provider treats the usage that
// vendors report for one pay-per-use item of a product, applied when a file is submitted to it. A rule's condition
// is an RQL expression, on each record (`record` scope) or on the item's totals in the file (`file` scope):
// - `reject`: a file in which the rule applies is rejected at once, the rule named in its rejection note;
// - `manual`: a file in which it applies waits for the provider's review, whatever else applies;
// - `accept`: the item's usage needs no review when the rule holds for all of it (every record, or the totals);
//   a file whose every item is so covered, and in which no reject or manual rule applies, is accepted at once.
// A file no rule decides waits for the provider's review, as without rules.

export const USAGE_RULE_ACTIONS = ['accept', 'reject', 'manual'] as const;
export const USAGE_RULE_SCOPES = ['record', 'file'] as const;
export const USAGE_RULE_STATUSES = ['active', 'deleted'] as const;
export const USAGE_RULE_MAX = 2000;

/** What a condition may name, by scope: a record's own values, or the item's totals in the file. */
export const USAGE_RULE_FIELDS = {
  record: {
    usage: 'number',
    amount: 'number',
    record_id: 'string',
    category: 'string',
    'asset.id': 'string',
    'asset.external_id': 'string',
    start_date: 'datetime',
    end_date: 'datetime',
  },
  file: { usage: 'number', records: 'number' },
} as const;

export const USAGE_RULE_ACTION_LABELS: Record<(typeof USAGE_RULE_ACTIONS)[number], string> = {
  accept: 'Accept',
  reject: 'Reject',
  manual: 'Review manually',
};
export const USAGE_RULE_SCOPE_LABELS: Record<(typeof USAGE_RULE_SCOPES)[number], string> = {
  record: 'Each record',
  file: "The item's totals in the file",
};

export const UsageRule = z.object({
  id: z.string(),
  action: z.enum(USAGE_RULE_ACTIONS),
  scope: z.enum(USAGE_RULE_SCOPES),
  /** RQL over the scope's fields (USAGE_RULE_FIELDS); null: all of the item's usage. */
  rule: z.string().nullable(),
  status: z.enum(USAGE_RULE_STATUSES),
  item: z.object({ id: z.string(), name: z.string() }),
  events: Events,
});
export type UsageRule = z.infer<typeof UsageRule>;

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => (i.input === undefined ? REQUIRED : `Must be one of: ${values.join(', ')}`) });

const ruleText = z
  .string()
  .trim()
  .max(USAGE_RULE_MAX, `Input must be at most ${USAGE_RULE_MAX} characters`)
  .nullable()
  .optional()
  .transform((v) => v || null);

export const UsageRuleCreate = z.object({
  item: z.object({ id: z.string({ error: requiredError }).trim().min(1, REQUIRED) }, { error: requiredError }),
  action: enumOf(USAGE_RULE_ACTIONS),
  scope: enumOf(USAGE_RULE_SCOPES).optional(),
  rule: ruleText,
  status: enumOf(USAGE_RULE_STATUSES).optional(),
});
export const UsageRuleUpdate = UsageRuleCreate.partial();

const FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  item: { label: 'Item', kind: 'ref' },
  'item.name': { label: 'Item', kind: 'text' },
  action: { label: 'Action', kind: 'enum', labels: USAGE_RULE_ACTION_LABELS },
  scope: { label: 'Applies to', kind: 'enum', labels: USAGE_RULE_SCOPE_LABELS },
  rule: { label: 'Condition', kind: 'multiline', hideEmpty: true },
  status: { label: 'Status', kind: 'enum' },
};

export const usageRuleResource = defineResource({
  name: 'usage-rule',
  title: 'Usage rule',
  path: '/products/:productId/usage/rules',
  module: 'MD-0005',
  schema: UsageRule,
  create: UsageRuleCreate,
  update: UsageRuleUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    action: { type: 'string', ops: ENUM_OPS, options: USAGE_RULE_ACTIONS },
    scope: { type: 'string', ops: ENUM_OPS, options: USAGE_RULE_SCOPES },
    status: { type: 'string', ops: ENUM_OPS, options: USAGE_RULE_STATUSES },
    'item.id': { type: 'string', ops: TEXT_OPS },
    'item.name': { type: 'string', ops: TEXT_OPS },
    rule: { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['item.id', 'events.created.at'],
  defaultOrdering: 'events.created.at',
  search: ['id', 'item.name', 'rule'],
  visibleTo: ['provider'],
  writableBy: ['provider'],
  fields: FIELDS,
  list: { columns: ['item.name', 'action', 'scope', 'rule', 'status'], phone: ['item.name', 'action', 'rule'] },
});
