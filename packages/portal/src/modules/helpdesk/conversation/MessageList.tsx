import Stack from '@mui/material/Stack';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { MessageItem } from './MessageItem.tsx';

export interface MessageListProps {
  messages: readonly ConversationMessage[];
  /** The signed-in user: their messages are set apart. */
  userId: string | undefined;
  /** Edit for one's own messages (while the conversation is open); none: read-only. */
  onEdit?: (m: ConversationMessage) => void;
}

/** The thread, oldest first. */
export function MessageList({ messages, userId, onEdit }: MessageListProps) {
  return (
    <Stack component="ol" aria-label="Messages" aria-live="polite" spacing={1.5} sx={{ p: 0, m: 0 }}>
      {messages.map((m) => {
        const mine = !!userId && m.creator.id === userId;
        return <MessageItem key={m.id} message={m} mine={mine} onEdit={mine && onEdit ? () => onEdit(m) : undefined} />;
      })}
    </Stack>
  );
}
