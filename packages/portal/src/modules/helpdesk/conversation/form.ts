import { z } from 'zod';
import { ConversationMessageCreate } from '@trellis/domain/helpdesk/conversation';

// The message forms check what the server checks (required, length, quotes three deep) with its own messages.

export const MessageForm = z.object({ text: ConversationMessageCreate.shape.text, private: z.boolean() });
export type MessageForm = z.infer<typeof MessageForm>;
export const EditForm = MessageForm.pick({ text: true });
export type EditForm = z.infer<typeof EditForm>;

export const MESSAGE_HELP = 'Markdown: **bold**, lists (-), links, > quotes (3 levels at most).';
export const MESSAGE_ROWS = 4;
