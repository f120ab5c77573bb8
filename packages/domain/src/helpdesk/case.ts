import { z } from 'zod';
import { HELPDESK_MODULE } from '../identity/modules.ts';
import { Events } from '../identity/common.ts';
import { ObjectSli, SLI_FIELD, SLI_FILTERS, SLI_ORDERING } from '../slm/sli.ts';
import type { Fields } from '../resource/fields.ts';
import type { Refusal, Rule, Viewer } from '../resource/machine.ts';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineMachine, defineResource, statusTones } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';
import { blockquoteIssue } from '../format/markdown-rules.ts';

// Helpdesk cases (reference /helpdesk/cases, helpdesk.Case): one account asks a partner for help. The issuer's
// account raises it to the receiver's; each side may name its agent (the user who handles it) and recipients. The
// machine is the reference's (connect-workflows.json, cases): pending → inquiring → pending → resolved → closed,
// reopened (pending) from resolved. Its status field is `state`, as on the wire. The case's thread is the
// conversation whose instance_id is the case id.

export const CASE_STATES = ['pending', 'inquiring', 'resolved', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];
export const CASE_TYPES = ['technical', 'business'] as const;
export const CASE_TYPE_LABELS = { technical: 'Technical', business: 'Business' } as const;
/** The reference's priorities: 0 low … 3 urgent. */
export const CASE_PRIORITIES = [0, 1, 2, 3] as const;
export const CASE_PRIORITY_LABELS: Record<string, string> = { 0: 'Low', 1: 'Medium', 2: 'High', 3: 'Urgent' };
export const CASE_SUBJECT_MAX = 300;
export const CASE_DESCRIPTION_MAX = 10_000;

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
const UserRef = z.object({ id: z.string(), name: z.string() });
const Party = z.object({
  account: AccountRef,
  /** The user of this account who handles the case. */
  agent: UserRef.optional(),
  /** Further users of this account told of the case's changes. */
  recipients: z.array(UserRef),
});

export const Case = z.object({
  id: z.string(),
  product: AccountRef.optional(),
  subject: z.string(),
  /** Markdown. */
  description: z.string(),
  priority: z.number().int(),
  state: z.enum(CASE_STATES),
  type: z.enum(CASE_TYPES),
  issuer: Party,
  receiver: Party,
  events: Events,
  rating: z.number().int().nullable().optional(),
  feedback: z.string().nullable().optional(),
  /** Its service level zone while it waits (slm). */
  sli: ObjectSli.optional(),
});
export type Case = z.infer<typeof Case>;

// ---------------------------------------------------------------- input

const userId = z.object({ id: z.string().trim().min(1, REQUIRED).max(30, maxLength(30)) });
const priority = z.coerce
  .number({ error: 'Must be one of 0 (low), 1 (medium), 2 (high), 3 (urgent).' })
  .int('Must be one of 0 (low), 1 (medium), 2 (high), 3 (urgent).')
  .min(0, 'Must be one of 0 (low), 1 (medium), 2 (high), 3 (urgent).')
  .max(3, 'Must be one of 0 (low), 1 (medium), 2 (high), 3 (urgent).')
  .meta({ title: 'Priority', labels: CASE_PRIORITY_LABELS });
const description = z
  .string({ error: requiredError })
  .trim()
  .min(1, REQUIRED)
  .max(CASE_DESCRIPTION_MAX, maxLength(CASE_DESCRIPTION_MAX))
  .superRefine((text, ctx) => {
    const issue = blockquoteIssue(text);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, input: text });
  })
  .meta({ title: 'Description', multiline: true });
const subject = z
  .string({ error: requiredError })
  .trim()
  .min(1, REQUIRED)
  .max(CASE_SUBJECT_MAX, maxLength(CASE_SUBJECT_MAX))
  .meta({ title: 'Subject' });
const type = z
  .enum(CASE_TYPES, { error: (i) => (i.input === undefined ? REQUIRED : `Choose one of ${CASE_TYPES.join(', ')}.`) })
  .meta({ title: 'Type', labels: CASE_TYPE_LABELS });

export const CaseCreate = z.object({
  subject,
  description,
  type,
  priority: priority.optional(),
  product: z.object({ id: z.string().trim().min(1, REQUIRED).max(30, maxLength(30)) }).optional(),
  issuer: z.object({ agent: userId.optional(), recipients: z.array(userId).max(50).optional() }).optional(),
  receiver: z.object(
    {
      account: z.object({ id: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(30, maxLength(30)) }),
      agent: userId.optional(),
      recipients: z.array(userId).max(50).optional(),
    },
    { error: requiredError },
  ),
});
export type CaseCreate = z.infer<typeof CaseCreate>;

/** What either party changes: the subject, description, priority and type, and its own side's agent and recipients. */
export const CaseUpdate = z.object({
  subject: subject.optional(),
  description: description.optional(),
  type: type.optional(),
  priority: priority.optional(),
  issuer: z.object({ agent: userId.nullable().optional(), recipients: z.array(userId).max(50).optional() }).optional(),
  receiver: z
    .object({ agent: userId.nullable().optional(), recipients: z.array(userId).max(50).optional() })
    .optional(),
});
export type CaseUpdate = z.infer<typeof CaseUpdate>;

export const CaseClose = z.object({
  rating: z.coerce
    .number()
    .int('Rate from 1 to 5.')
    .min(1, 'Rate from 1 to 5.')
    .max(5, 'Rate from 1 to 5.')
    .nullable()
    .optional()
    .meta({ title: 'Rating (1 to 5)' }),
  feedback: z
    .string()
    .trim()
    .max(1000, maxLength(1000))
    .nullable()
    .optional()
    .meta({ title: 'Feedback', multiline: true }),
});

// ---------------------------------------------------------------- machine

/** Which party of the case the viewer's account is. */
export const caseSide = (c: Case, v: Pick<Viewer, 'accountId'>): 'issuer' | 'receiver' | null =>
  c.issuer.account.id === v.accountId ? 'issuer' : c.receiver.account.id === v.accountId ? 'receiver' : null;

/** The account whose move it is: the receiver works a pending case; the issuer answers an inquiry and closes. */
export const waitingFor = (c: Pick<Case, 'state' | 'issuer' | 'receiver'>): string | null =>
  c.state === 'pending' ? c.receiver.account.id : c.state === 'closed' ? null : c.issuer.account.id;

const only =
  (side: 'issuer' | 'receiver', what: string): Rule<Case> =>
  (c, v): Refusal | null =>
    caseSide(c, v) === side
      ? null
      : {
          kind: 'side',
          message: `Only ${c[side].account.name}, who ${side === 'issuer' ? 'raised' : 'received'} the case, can ${what}.`,
        };

export const caseMachine = defineMachine<Case>({
  field: 'state',
  statuses: statusTones(CASE_STATES, { pending: 'warning', inquiring: 'warning', resolved: 'success' }),
  actions: {
    inquire: {
      label: 'Ask for information',
      from: ['pending'],
      to: 'inquiring',
      rule: only('receiver', 'ask for information'),
      event: 'inquiring',
      form: false,
      confirm: { text: (c) => `${c.issuer.account.name} is asked to answer in the conversation.` },
      done: () => 'The case waits for the answer.',
    },
    pend: {
      label: 'Back to pending',
      from: ['inquiring', 'resolved'],
      to: 'pending',
      event: 'pending',
      form: false,
      confirm: {
        title: 'Back to pending',
        text: (c) =>
          c.state === 'resolved'
            ? `The case is reopened: ${c.receiver.account.name} works on it again.`
            : `${c.receiver.account.name} works on it again.`,
      },
      done: () => 'The case is pending.',
    },
    resolve: {
      label: 'Resolve',
      from: ['pending'],
      to: 'resolved',
      event: 'resolved',
      form: false,
      confirm: {
        text: (c) =>
          `${c.issuer.account.name} may close it or reopen it; unless reopened, it closes itself after the auto-close timeout.`,
      },
      done: () => 'The case is resolved.',
    },
    close: {
      label: 'Close',
      from: ['resolved'],
      to: 'closed',
      rule: only('issuer', 'close it'),
      event: 'closed',
      body: CaseClose,
      intro: () => 'A closed case cannot be reopened. How well was it handled?',
      done: () => 'The case is closed.',
    },
  },
  editable: (c, v) =>
    c.state === 'closed'
      ? { kind: 'status', message: 'A closed case cannot be changed.' }
      : caseSide(c, v)
        ? null
        : { kind: 'side', message: 'Not a party of this case.' },
});

// ---------------------------------------------------------------- declaration

const CASE_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  subject: { label: 'Subject', kind: 'text' },
  description: { label: 'Description', kind: 'markdown' },
  state: { label: 'State', kind: 'status' },
  type: { label: 'Type', kind: 'enum', labels: CASE_TYPE_LABELS },
  priority: { label: 'Priority', kind: 'enum', labels: CASE_PRIORITY_LABELS },
  product: { label: 'Product', kind: 'ref', hideEmpty: true },
  'issuer.account': { label: 'Issuer', kind: 'ref', sort: 'issuer.account.name' },
  'receiver.account': { label: 'Receiver', kind: 'ref', sort: 'receiver.account.name' },
  'issuer.agent': { label: "Issuer's agent", kind: 'user', hideEmpty: true },
  'receiver.agent': { label: "Receiver's agent", kind: 'user', hideEmpty: true },
  rating: { label: 'Rating', kind: 'number', hideEmpty: true },
  feedback: { label: 'Feedback', kind: 'text', hideEmpty: true },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
  ...SLI_FIELD,
};

const id = { type: 'string', ops: TEXT_OPS } as const;
const at = { type: 'datetime', ops: DATE_OPS } as const;

export const caseResource = defineResource({
  name: 'helpdesk-case',
  title: 'Case',
  path: '/helpdesk/cases',
  module: HELPDESK_MODULE,
  schema: Case,
  create: CaseCreate,
  update: CaseUpdate,
  filters: {
    id,
    subject: id,
    description: { ...id, alias: true },
    state: { type: 'string', ops: ENUM_OPS, options: CASE_STATES, label: 'State' },
    type: { type: 'string', ops: ENUM_OPS, options: CASE_TYPES, label: 'Type' },
    priority: { type: 'number', ops: ['eq', 'ne', 'in', 'out', 'gt', 'ge', 'lt', 'le'], label: 'Priority' },
    'product.id': id,
    'issuer.account.id': id,
    'receiver.account.id': id,
    'issuer.agent.id': id,
    'receiver.agent.id': id,
    /** The account whose move it is (derived from the state): "waiting for us / for them". */
    waiting_for: { ...id, alias: true },
    'events.created.at': at,
    'events.updated.at': at,
    'events.resolved.at': at,
    'events.closed.at': at,
    ...SLI_FILTERS,
  },
  ordering: ['id', 'subject', 'priority', 'state', 'type', 'events.created.at', 'events.updated.at', ...SLI_ORDERING],
  defaultOrdering: '-events.created.at',
  search: ['id', 'subject'],
  visibleTo: ['vendor', 'provider'],
  machine: caseMachine,
  fields: CASE_FIELDS,
  list: {
    columns: ['subject', 'issuer.account', 'receiver.account', 'priority', 'state', 'sli', 'events.updated.at'],
    phone: ['subject', 'state'],
    filters: ['state', 'type', 'sli.zone'],
  },
  detail: {
    fields: [
      'id',
      'state',
      'sli',
      'type',
      'priority',
      'product',
      'issuer.account',
      'issuer.agent',
      'receiver.account',
      'receiver.agent',
      'rating',
      'feedback',
      'events.created.at',
      'events.updated.at',
    ],
  },
});
