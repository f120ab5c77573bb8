import { registerResource } from '../../resources/routes.ts';
import { defineArea, type Api } from '../types.ts';
import { attachmentRoutes } from './attachments.ts';
import { AUTO_CLOSE_JOB, autoCloseJob } from './auto-close.ts';
import { cases } from './cases.ts';
import { countCases } from './counters.ts';
import { conversations } from './conversations.ts';
import { messages } from './messages.ts';
import { caseAttachmentTable, conversationMessageTable } from './tables.ts';

/**
 * Helpdesk (issue 17): cases an account raises to a partner, closed by a sweep after the receiver's timeout, and
 * conversations about an object (a case, a request, a listing request, a contract) between its two parties.
 */
export const helpdesk = defineArea({
  name: 'helpdesk',
  resources: [cases, conversations],
  // messages are served from the routes, which know the portal's address (mention e-mails link to it); case
  // attachments in a scope of their own (attachments.ts: multipart, the download): their tables are listed here for
  // the storage test
  tables: [conversationMessageTable, caseAttachmentTable],
  routes: (api: Api) => {
    registerResource(api.app, api.db, messages(api.config));
    attachmentRoutes(api);
  },
  // Dashboard (spec §1, §6): the cases waiting for the caller's account.
  counters: { cases: { visibleTo: ['vendor', 'provider'], count: countCases } },
  jobs: { [AUTO_CLOSE_JOB]: autoCloseJob },
});
