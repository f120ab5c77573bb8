import { z } from 'zod';
import { Events, Ref } from '../identity/common.ts';
import { BOOL_OPS, DATE_OPS, NUMBER_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import * as rules from '../validation/rules.ts';
import { requiredError, ruleCheck } from '../validation/zod.ts';
import { NOTIFICATIONS_MODULE } from './notification-event.ts';
import { conditionIssue } from './rule-condition.ts';

// Notification rules (reference /notifications/subscriptions/{id}/rules, ns.NotificationRule): when the
// subscription's event happens to an object the account reads and the rule's `condition` (an RQL filter over that
// object, rule-condition.ts) holds, each recipient gets the rule's template rendered against the object: a subject
// and a markdown body with `{{ request.id }}`-style variables (no code runs). Recipients are the account's users and
// groups (reference ns.Recipients), plus in Trellis fixed addresses, the object's assignee and the contacts of the
// object's tier accounts (the customer's, the resellers'). A user may opt out of a rule (rule-setting.ts).

export const CONTACT_KINDS = ['customer', 'tier1', 'tier2'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  customer: "The customer's contact",
  tier1: "The tier 1 reseller's contact",
  tier2: "The tier 2 reseller's contact",
};
export const MAX_TEMPLATE_BODY = 100_000;
export const MAX_RULE_EMAILS = 50;

/** A user of the account named by reference (ns.UserReference); also a report schedule's recipients. */
export const UserReference = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  email: z.string().optional(),
});
const GroupReference = z.object({ id: z.string(), name: z.string().optional() });

export const Recipients = z.object({
  users: z.array(UserReference),
  groups: z.array(GroupReference),
  /** Fixed addresses (Trellis). */
  emails: z.array(z.string()),
  /** The object's assignee (a request's `assignee`, a case's agent on the account's side). */
  assignee: z.boolean(),
  /** The contacts of the object's tier accounts. */
  contacts: z.array(z.enum(CONTACT_KINDS)),
});
export type Recipients = z.infer<typeof Recipients>;

export const EmailTemplate = z.object({ subject: z.string(), body: z.string() });
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const NotificationRule = z.object({
  id: z.string(),
  position: z.number().int().nullable(),
  name: z.string(),
  condition: z.string(),
  enabled: z.boolean(),
  template: EmailTemplate,
  recipients: Recipients,
  /** The subscription (reference `account_notification`) and its event. */
  subscription: z.object({ id: z.string(), event: Ref }),
  account: Ref,
  events: Events,
});
export type NotificationRule = z.infer<typeof NotificationRule>;

// ---------------------------------------------------------------- input

/** Users or groups of the account named by id (`[{ id }]`); also a report schedule's recipients. */
export const RefListInput = z
  .array(z.object({ id: z.string({ error: requiredError }).trim().min(1, REQUIRED) }))
  .max(100);

export const RecipientsInput = z
  .object(
    {
      users: RefListInput.default([]),
      groups: RefListInput.default([]),
      emails: z
        .array(z.string().trim())
        .max(MAX_RULE_EMAILS, `At most ${MAX_RULE_EMAILS} addresses.`)
        .superRefine(ruleCheck((v: string[]) => rules.emails(v)))
        .default([]),
      assignee: z.boolean().default(false),
      contacts: z
        .array(z.enum(CONTACT_KINDS, { error: () => `Choose among ${CONTACT_KINDS.join(', ')}.` }))
        .default([]),
    },
    { error: requiredError },
  )
  .refine((r) => r.users.length + r.groups.length + r.emails.length + r.contacts.length > 0 || r.assignee, {
    message: 'Name at least one recipient.',
  })
  .meta({ title: 'Recipients' });

export const TemplateInput = z
  .object(
    {
      subject: z
        .string({ error: requiredError })
        .trim()
        .min(1, REQUIRED)
        .max(2000, maxLength(2000))
        .meta({ title: 'Subject' }),
      body: z
        .string({ error: requiredError })
        .min(1, REQUIRED)
        .max(MAX_TEMPLATE_BODY, maxLength(MAX_TEMPLATE_BODY))
        .meta({ title: 'Body' }),
    },
    { error: requiredError },
  )
  .meta({ title: 'Template' });

const ruleFields = {
  name: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(100, maxLength(100)).meta({ title: 'Name' }),
  position: z.number().int().min(0).max(2147483647).nullable().optional().meta({ title: 'Position' }),
  condition: z
    .string()
    .trim()
    .superRefine(ruleCheck((v: string) => conditionIssue(v)))
    .meta({ title: 'Condition', description: 'An RQL filter over the object, e.g. eq(status,pending).' }),
  enabled: z.boolean().meta({ title: 'Enabled' }),
  template: TemplateInput,
  recipients: RecipientsInput,
};

export const NotificationRuleCreate = z.object({
  ...ruleFields,
  condition: ruleFields.condition.default(''),
  enabled: ruleFields.enabled.default(true),
});
export type NotificationRuleCreate = z.infer<typeof NotificationRuleCreate>;

/** PUT: what is given replaces. */
export const NotificationRuleUpdate = z.object(ruleFields).partial();
export type NotificationRuleUpdate = z.infer<typeof NotificationRuleUpdate>;

/** POST …/rules/{id}/preview and send-test: another template to try (default the rule's), on an object of choice. */
export const RulePreviewBody = z.object({
  template: TemplateInput.optional(),
  object_id: z.string().trim().max(64).optional(),
});
export type RulePreviewBody = z.infer<typeof RulePreviewBody>;

export const ruleResource = defineResource({
  name: 'notification-rule',
  title: 'Notification rule',
  path: '/notifications/subscriptions/:subscriptionId/rules',
  module: NOTIFICATIONS_MODULE,
  schema: NotificationRule,
  create: NotificationRuleCreate,
  update: NotificationRuleUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS.filter((o) => o !== 'null') },
    name: { type: 'string', ops: TEXT_OPS.filter((o) => o !== 'null') },
    enabled: { type: 'boolean', ops: BOOL_OPS.filter((o) => o !== 'null'), label: 'Enabled' },
    position: { type: 'number', ops: NUMBER_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'position', 'enabled', 'events.created.at'],
  defaultOrdering: 'position',
  search: ['id', 'name'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    enabled: { label: 'Enabled', kind: 'bool' },
    condition: { label: 'Condition', kind: 'text', hideEmpty: true },
    'template.subject': { label: 'Subject', kind: 'text' },
    'template.body': { label: 'Body', kind: 'markdown' },
    'events.created.at': { label: 'Created', kind: 'date' },
  },
  list: { columns: ['name', 'template.subject', 'enabled'], phone: ['name', 'enabled'], filters: ['enabled'] },
  detail: { fields: ['id', 'name', 'enabled', 'condition', 'template.subject', 'template.body', 'events.created.at'] },
});
