/** Helpdesk (issue 17): cases, conversations and their messages. */
export * from './case.ts';
export * from './conversation.ts';
export * from './attachment.ts';
export * from './mention.ts';
