import { waitingFor, type Case } from '@trellis/domain';
import { defineTable, int, text, timestamp } from '../../resources/table.ts';

// The helpdesk area's tables (migrations/0033_conversations.ts): each column names the object path it copies.

type Stamped = { created: string; events: Record<string, { at: string } | undefined> };
const updatedAt = (o: Stamped) => o.events.updated?.at ?? o.created;

/** A conversation and its parties: the two accounts of its object (`notes`: the one account that keeps them). */
export const conversationTable = defineTable('conversations', {
  id: text('id'),
  instance_id: text('instance_id'),
  type: text('type'),
  status: text('status'),
  owner_id: text((c: { accounts: { id: string }[] }) => c.accounts[0].id),
  party_a_id: text((c: { accounts: { id: string }[] }) => c.accounts[0].id),
  party_b_id: text((c: { accounts: { id: string }[] }) => c.accounts[1]?.id ?? null).nullable(),
  created_at: timestamp('created'),
  updated_at: timestamp(updatedAt),
});

export const conversationMessageTable = defineTable('conversation_messages', {
  id: text('id'),
  conversation_id: text('conversation'),
  account_id: text('account.id'),
  creator_id: text('creator.id'),
  type: text('type'),
  created_at: timestamp('created'),
  updated_at: timestamp(updatedAt),
});

/** A helpdesk case and its two parties; `waiting_for` is the account whose move it is (derived from the state). */
export const caseTable = defineTable('helpdesk_cases', {
  id: text('id'),
  state: text('state'),
  type: text('type'),
  priority: int('priority'),
  subject: text('subject'),
  issuer_account_id: text('issuer.account.id'),
  receiver_account_id: text('receiver.account.id'),
  issuer_agent_id: text('issuer.agent.id').nullable(),
  receiver_agent_id: text('receiver.agent.id').nullable(),
  product_id: text('product.id').nullable(),
  waiting_for: text((c: Case) => waitingFor(c)).nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((c: Case) => c.events.updated?.at ?? c.events.created.at),
  resolved_at: timestamp('events.resolved.at').nullable(),
});

/**
 * A file attached to a helpdesk case (migrations/0036_helpdesk_case_attachments.ts): the case and the stored file's key
 * are written by the upload itself (no path of the object holds them); `account_id` is the uploader's account.
 */
export const caseAttachmentTable = defineTable('helpdesk_case_attachments', {
  id: text('id'),
  case_id: text(),
  account_id: text('account.id'),
  file_key: text(),
  created_at: timestamp('events.created.at'),
});
