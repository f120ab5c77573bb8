import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  ConversationMessageCreate,
  type Conversation,
  type ConversationMessage,
} from '@trellis/domain/helpdesk/conversation';
import { formatDate } from '@trellis/domain/format/date';
import { messageToHtml } from '@trellis/domain/format/markdown';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { listAll } from '../../api/list.ts';
import { refetchAfterWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useHour12 } from '../../app/session/useViewer.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';

const CONVERSATIONS = '/conversations';
const thread = (id: string) => `/conversations/${id}/messages`;

/** A message's text as both parties read it: markdown, raw HTML shown as text, quotes at most three deep. */
function MessageText({ text }: { text: string }) {
  const html = useMemo(() => messageToHtml(text), [text]);
  return (
    <Box
      sx={{
        fontSize: 14,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& blockquote': { m: 0, my: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
        '& pre': { whiteSpace: 'pre-wrap' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The text box with a preview and, for a new message, the private switch. */
function Composer({
  initial = '',
  label,
  submitLabel,
  withPrivate,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  submitLabel: string;
  withPrivate?: boolean;
  onSubmit: (body: { text: string; type?: 'private' }) => Promise<void>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    // the declaration's own rules, so the messages are the server's
    const parsed = ConversationMessageCreate.shape.text.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ text: parsed.data, ...(isPrivate ? { type: 'private' as const } : {}) });
      setText('');
      setTab('write');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label={`${label}: write or preview`}>
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      {tab === 'write' ? (
        <TextField
          label={label}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!!error}
          helperText={error ?? 'Markdown: **bold**, lists (-), links, > quotes.'}
        />
      ) : (
        <Paper variant="outlined" sx={{ p: 2, minHeight: 96 }} aria-label="Preview" role="region">
          {text.trim() ? (
            <MessageText text={text} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Nothing to preview yet.
            </Typography>
          )}
        </Paper>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {withPrivate && (
          <FormControlLabel
            control={<Switch checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />}
            label="Private: only your account reads it"
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button variant="contained" disabled={busy} onClick={() => void send()}>
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}

/** One message: who wrote it and when, its text, and Edit for its author while the conversation is open. */
function MessageItem({
  m,
  mine,
  open,
  onSave,
}: {
  m: ConversationMessage;
  mine: boolean;
  open: boolean;
  onSave: (text: string) => Promise<void>;
}) {
  const hour12 = useHour12();
  const [editing, setEditing] = useState(false);
  const edited = m.events.updated && m.events.updated.at !== m.created;
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`Message from ${m.account.name}`}
      sx={{
        p: 1.5,
        listStyle: 'none',
        bgcolor: mine ? 'action.hover' : 'background.paper',
        ml: mine ? 4 : 0,
        mr: mine ? 0 : 4,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{m.creator.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {m.account.name} · {formatDate(m.created, { hour12 })}
          {edited ? ' · edited' : ''}
        </Typography>
        {m.type === 'private' && <Chip size="small" label="Private" />}
        {m.type === 'state_change' && <Chip size="small" color="info" label="Status" />}
        <Box sx={{ flexGrow: 1 }} />
        {mine && open && !editing && (
          <Button size="small" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </Box>
      {editing ? (
        <Composer
          initial={m.text}
          label="Message"
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async ({ text }) => {
            await onSave(text);
            setEditing(false);
          }}
        />
      ) : (
        <MessageText text={m.text} />
      )}
    </Paper>
  );
}

/**
 * The conversation about an object between its two parties: the messages in order, a box to write (markdown with a
 * preview, private notes for one's own account), Edit for one's own messages, and Close. The first message starts
 * the conversation.
 */
export function ConversationPanel({ instanceId }: { instanceId: string }) {
  const auth = useAuth();
  const client = useQueryClient();
  const [closing, setClosing] = useState(false);
  const found = useQuery({
    queryKey: ['list', CONVERSATIONS, instanceId],
    queryFn: ({ signal }) =>
      listAll<Conversation>(CONVERSATIONS, `eq(instance_id,${instanceId})&eq(type,conversation)`, signal),
  });
  const conversation = found.data?.[0];
  const messages = useQuery({
    queryKey: ['list', conversation ? thread(conversation.id) : '', 'all'],
    queryFn: ({ signal }) => listAll<ConversationMessage>(thread(conversation!.id), 'ordering(created)', signal),
    enabled: !!conversation,
  });
  const refetch = (id: string) => refetchAfterWrite(client, { lists: [CONVERSATIONS, thread(id)] });

  if (found.error) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
  if (messages.error) return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  if (found.isPending || (conversation && messages.isPending))
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Paper>
    );

  const open = !conversation || conversation.status === 'open';
  const list = messages.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Conversation">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {conversation?.topic ?? 'Conversation'}
        </Typography>
        {conversation && open && (
          <Button size="small" onClick={() => setClosing(true)}>
            Close conversation
          </Button>
        )}
      </Box>
      {list.length ? (
        <Stack component="ol" spacing={1} sx={{ p: 0, m: 0, mb: 2 }}>
          {list.map((m) => (
            <MessageItem
              key={m.id}
              m={m}
              mine={m.creator.id === (auth.user?.id ?? '')}
              open={open}
              onSave={async (text) => {
                await api.put(`${thread(conversation!.id)}/${m.id}`, { text });
                await refetch(conversation!.id);
                notify('success', 'Message saved.');
              }}
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          No messages yet. Both parties of {instanceId} read what you write here.
        </Typography>
      )}
      {open ? (
        <Composer
          label="New message"
          submitLabel="Send"
          withPrivate
          onSubmit={async (body) => {
            const c = conversation ?? (await api.post<Conversation>(CONVERSATIONS, { instance_id: instanceId }));
            await api.post(thread(c.id), body);
            await refetch(c.id);
          }}
        />
      ) : (
        <Alert severity="info">This conversation is closed: both parties read it, nobody writes in it.</Alert>
      )}
      {conversation && (
        <ConfirmDialog
          open={closing}
          title="Close conversation"
          confirmLabel="Close"
          onClose={() => setClosing(false)}
          onConfirm={async () => {
            await api.post(`${CONVERSATIONS}/${conversation.id}/close`, {});
            await refetch(conversation.id);
            notify('success', 'The conversation is closed.');
          }}
        >
          Nobody can write in it any more; both parties still read it.
        </ConfirmDialog>
      )}
    </Paper>
  );
}
