/** Helpdesk: conversations and their messages (issue 17). */
export * from './conversation.ts';
