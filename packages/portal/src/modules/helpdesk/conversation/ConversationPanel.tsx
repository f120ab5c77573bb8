import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  conversationResource,
  type Conversation,
  type ConversationMessage,
} from '@trellis/domain/helpdesk/conversation';
import { formatDate } from '@trellis/domain/format/date';
import { notify } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { conversationPath, useConversationWrites, useObjectConversation, useThread } from './data.ts';
import { EditMessageDialog } from './EditMessageDialog.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { MessageList } from './MessageList.tsx';

export interface ConversationPanelProps {
  /** The object the conversation is about: a request, tier config request, listing request, contract or case. */
  instanceId: string;
  /** The heading (default "Conversation"). */
  title?: string;
}

/**
 * The conversation about one object between its two parties: the thread oldest first (author, account, date, the
 * markdown rendered), a box to write in with its preview, Edit on one's own messages and Close conversation while it
 * is open; read-only once closed. The first message starts the conversation. The panel stays in place throughout,
 * so the box keeps what is typed and only the thread shows loading.
 */
export function ConversationPanel({ instanceId, title = 'Conversation' }: ConversationPanelProps) {
  const auth = useAuth();
  const headingId = useId();
  const found = useObjectConversation(instanceId);
  const conversation = found.data ?? null;
  const thread = useThread(conversation);
  const writes = useConversationWrites(instanceId);
  const [editing, setEditing] = useState<ConversationMessage | null>(null);
  const open = !conversation || conversation.status === 'open';

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id={headingId} variant="subtitle1" component="h2">
              {title}
            </Typography>
            {conversation && <StatusChip status={conversation.status} machine={conversationResource.machine} />}
          </Box>
          {conversation && <Parties conversation={conversation} />}
        </Box>
        {conversation && (
          <ActionBar<Conversation>
            resource={conversationResource}
            obj={conversation}
            path={conversationPath(conversation.id)}
            onDone={(_action, answer) => void writes.changed(answer)}
          />
        )}
      </Box>

      <Thread
        instanceId={instanceId}
        found={found}
        thread={thread}
        userId={auth.user?.id}
        onEdit={open ? setEditing : undefined}
      />

      {found.data !== undefined && (
        <>
          <Divider />
          {open ? (
            <MessageComposer onSend={writes.send} messages={thread.data} />
          ) : (
            <Alert severity="info">This conversation is closed: both parties read it, nobody writes in it.</Alert>
          )}
        </>
      )}
      <EditMessageDialog
        message={editing}
        messages={thread.data}
        onClose={() => setEditing(null)}
        onSave={async (m, text) => {
          await writes.edit(m.conversation, m.id, text);
          notify('success', 'Message saved.');
        }}
      />
    </Paper>
  );
}

/** Who takes part, and since when. */
function Parties({ conversation: c }: { conversation: Conversation }) {
  const hour12 = useHour12();
  const names = c.accounts.map((a) => a.name);
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
      {names.length > 1 ? `Between ${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]} · started{' '}
      {formatDate(c.created, { hour12 })}
    </Typography>
  );
}

/** The messages, or why there are none yet; loading and errors stay in this part of the panel. */
function Thread({
  instanceId,
  found,
  thread,
  userId,
  onEdit,
}: {
  instanceId: string;
  found: ReturnType<typeof useObjectConversation>;
  thread: ReturnType<typeof useThread>;
  userId: string | undefined;
  onEdit?: (m: ConversationMessage) => void;
}) {
  // a refresh that fails keeps what was read
  if (found.isError && found.data === undefined)
    return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
  if (thread.isError && !thread.data) return <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />;
  const messages = found.data === null ? [] : thread.data;
  if (!messages)
    return (
      <Box role="status" aria-busy="true" aria-label="Loading messages">
        <Skeleton height={56} />
        <Skeleton height={56} width="80%" />
      </Box>
    );
  if (!messages.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {found.data?.status === 'closed'
          ? 'No messages.'
          : `No messages yet. Both parties of ${instanceId} read what you write here.`}
      </Typography>
    );
  return <MessageList messages={messages} userId={userId} onEdit={onEdit} />;
}
