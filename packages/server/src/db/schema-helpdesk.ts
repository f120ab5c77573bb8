import type {
  caseAttachmentTable,
  caseTable,
  conversationTable,
  conversationMessageTable,
} from '../modules/helpdesk/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the helpdesk area (migrations/0033_conversations.ts, 0035_helpdesk_cases.ts,
// 0036_helpdesk_case_attachments.ts), from the declared tables.
export interface HelpdeskTables {
  conversations: RowOf<typeof conversationTable>;
  conversation_messages: RowOf<typeof conversationMessageTable>;
  helpdesk_cases: RowOf<typeof caseTable>;
  helpdesk_case_attachments: RowOf<typeof caseAttachmentTable>;
}
