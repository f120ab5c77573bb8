import { defineTable, text, timestamp } from '../../resources/table.ts';

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
