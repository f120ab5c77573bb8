import type { conversationTable, conversationMessageTable } from '../modules/helpdesk/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the helpdesk area (migrations/0033_conversations.ts), from the declared tables.
export interface HelpdeskTables {
  conversations: RowOf<typeof conversationTable>;
  conversation_messages: RowOf<typeof conversationMessageTable>;
}
