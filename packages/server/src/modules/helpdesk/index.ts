import { defineArea } from '../types.ts';
import { conversations } from './conversations.ts';
import { messages } from './messages.ts';

/** Helpdesk (issue 17): conversations about an object between its two parties, and their messages. */
export const helpdesk = defineArea({
  name: 'helpdesk',
  resources: [conversations, messages],
});
