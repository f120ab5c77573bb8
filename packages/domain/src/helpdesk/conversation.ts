import { z } from 'zod';
import { HELPDESK_MODULE } from '../identity/modules.ts';
import { Actor, Events } from '../identity/common.ts';
import { defineMachine, defineResource, ENUM_OPS, DATE_OPS, TEXT_OPS, statusTones } from '../resource/index.ts';
import type { Fields } from '../resource/fields.ts';
import { blockquoteIssue } from '../format/markdown-rules.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';

// Conversations (reference /conversations, /conversations/{id}/messages): a thread of markdown messages about one
// object — a fulfillment or tier config request, a listing request, a contract — read and written by the two
// parties of that object and nobody else. `notes` are an account's own notes about the object. A `private` message
// is read by its author's account only; `state_change` messages record a change of the object.

export const CONVERSATION_TYPES = ['conversation', 'notes'] as const;
export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export const MESSAGE_TYPES = ['message', 'state_change', 'private'] as const;
export const MESSAGE_MAX = 10_000;
export const TOPIC_MAX = 100;

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const Conversation = z.object({
  id: z.string(),
  /** The object the conversation is about (its id). */
  instance_id: z.string(),
  topic: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  status: z.enum(CONVERSATION_STATUSES),
  /** The parties who read and write it. */
  accounts: z.array(AccountRef),
  creator: Actor,
  created: z.string(),
  events: Events,
});
export type Conversation = z.infer<typeof Conversation>;

export const ConversationCreate = z.object({
  instance_id: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(30, maxLength(30)),
  topic: z.string().trim().max(TOPIC_MAX, maxLength(TOPIC_MAX)).optional(),
  type: z.enum(CONVERSATION_TYPES, { error: `Must be one of: ${CONVERSATION_TYPES.join(', ')}` }).optional(),
});

export const ConversationMessage = z.object({
  id: z.string(),
  conversation: z.string(),
  account: AccountRef,
  creator: Actor,
  text: z.string(),
  type: z.enum(MESSAGE_TYPES),
  created: z.string(),
  events: Events,
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

const messageText = z
  .string({ error: requiredError })
  .trim()
  .min(1, REQUIRED)
  .max(MESSAGE_MAX, maxLength(MESSAGE_MAX))
  .superRefine((text, ctx) => {
    const issue = blockquoteIssue(text);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, input: text });
  })
  .meta({ title: 'Message', multiline: true });
const messageType = z.enum(MESSAGE_TYPES, { error: `Must be one of: ${MESSAGE_TYPES.join(', ')}` });
export const ConversationMessageCreate = z.object({ text: messageText, type: messageType.optional() });
export const ConversationMessageUpdate = z.object({ text: messageText.optional(), type: messageType.optional() });

export const conversationMachine = defineMachine<Conversation>({
  statuses: statusTones(CONVERSATION_STATUSES, { open: 'info', closed: 'default' }),
  actions: {
    close: {
      label: 'Close conversation',
      from: ['open'],
      to: 'closed',
      form: false,
      event: 'closed',
      confirm: {
        title: 'Close conversation',
        text: () => 'Nobody can write in it any more; both parties still read it.',
      },
      done: () => 'The conversation is closed.',
    },
  },
});

const CONVERSATION_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  instance_id: { label: 'About', kind: 'id' },
  topic: { label: 'Topic', kind: 'text' },
  type: { label: 'Type', kind: 'enum' },
  status: { label: 'Status', kind: 'status' },
  created: { label: 'Started', kind: 'date' },
};

export const conversationResource = defineResource({
  name: 'conversation',
  title: 'Conversation',
  path: '/conversations',
  module: HELPDESK_MODULE,
  schema: Conversation,
  create: ConversationCreate,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    instance_id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: CONVERSATION_TYPES },
    status: { type: 'string', ops: ENUM_OPS, options: CONVERSATION_STATUSES },
    created: { type: 'datetime', ops: DATE_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS, alias: true },
  },
  ordering: ['created'],
  defaultOrdering: '-created',
  search: ['id', 'instance_id', 'topic'],
  visibleTo: ['vendor', 'provider'],
  machine: conversationMachine,
  fields: CONVERSATION_FIELDS,
  list: { columns: ['topic', 'instance_id', 'status', 'created'], phone: ['topic', 'status'] },
});

export const conversationMessageResource = defineResource({
  name: 'conversation-message',
  title: 'Message',
  path: '/conversations/:conversationId/messages',
  module: HELPDESK_MODULE,
  schema: ConversationMessage,
  create: ConversationMessageCreate,
  update: ConversationMessageUpdate,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: MESSAGE_TYPES },
    text: { type: 'string', ops: TEXT_OPS },
    'events.created.by.id': { type: 'string', ops: TEXT_OPS },
    created: { type: 'datetime', ops: DATE_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS, alias: true },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['created'],
  defaultOrdering: 'created',
  search: ['text'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    text: { label: 'Message', kind: 'markdown' },
    type: { label: 'Type', kind: 'enum' },
    created: { label: 'Sent', kind: 'date' },
  },
  list: { columns: ['created', 'text', 'type'] },
});
