import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { formatDate } from '@trellis/domain/format/date';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { MessageText } from './MessageText.tsx';

export interface MessageItemProps {
  message: ConversationMessage;
  /** Written by the signed-in user: set apart, and editable while `onEdit` is given. */
  mine: boolean;
  onEdit?: () => void;
}

// the engine stamps created and updated together when a message is written (a few ms after its `created`)
const edited = (m: ConversationMessage) =>
  !!m.events.updated?.at && m.events.updated.at !== (m.events.created?.at ?? m.created);

/** One message: who wrote it, for which account and when, then its rendered text. */
export function MessageItem({ message: m, mine, onEdit }: MessageItemProps) {
  const hour12 = useHour12();
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Message from ${m.creator.name}, ${m.account.name}`}
      sx={{
        listStyle: 'none',
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        // one's own messages lean right, the other party's left; less so on a phone
        ml: mine ? { xs: 3, sm: 8 } : 0,
        mr: mine ? 0 : { xs: 3, sm: 8 },
        bgcolor: mine ? 'action.hover' : 'background.paper',
        borderStyle: m.type === 'private' ? 'dashed' : 'solid',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          {m.creator.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span">
          {m.account.name} · <time dateTime={m.created}>{formatDate(m.created, { hour12 })}</time>
          {edited(m) ? ' · edited' : ''}
        </Typography>
        {m.type === 'private' && (
          <Tooltip title="Only your account reads it">
            <Chip size="small" label="Private" sx={{ alignSelf: 'center' }} />
          </Tooltip>
        )}
        {m.type === 'state_change' && <Chip size="small" color="info" label="Status" sx={{ alignSelf: 'center' }} />}
        {onEdit && (
          <Button size="small" onClick={onEdit} sx={{ ml: 'auto', alignSelf: 'center', minWidth: 0, py: 0 }}>
            Edit
          </Button>
        )}
      </Box>
      <MessageText text={m.text} />
    </Paper>
  );
}
