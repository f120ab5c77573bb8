import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { NOTIFICATION_EVENTS } from '@trellis/domain/notifications/notification-event';
import { subscriptionResource, type AccountNotification } from '@trellis/domain/notifications/subscription';
import { errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

export interface SubscribeDialogProps {
  open: boolean;
  /** Events the account subscribes to already (not offered again). */
  taken: string[];
  onClose: () => void;
  onSaved: (s: AccountNotification) => void;
}

/** Subscribe the account to one notification event (domain notification-event.ts): its rules then say whom to mail. */
export function SubscribeDialog({ open, taken, onClose, onSaved }: SubscribeDialogProps) {
  const [eventId, setEventId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useWrite<AccountNotification, { event: { id: string }; enabled: boolean }>(
    { method: 'POST', path: subscriptionResource.path },
    { lists: [subscriptionResource.path] },
  );
  useEffect(() => {
    if (open) {
      setEventId('');
      setError(null);
    }
  }, [open]);
  const offered = NOTIFICATION_EVENTS.filter((e) => !taken.includes(e.id));

  return (
    <FormDialog
      open={open}
      title="Subscribe to an event"
      submitLabel="Subscribe"
      onClose={onClose}
      busy={save.isPending}
      error={error}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!eventId) return setError('Choose the event.');
        try {
          onSaved(await save.mutateAsync({ event: { id: eventId }, enabled: true }));
        } catch (err) {
          setError(errorMessage(err));
        }
      }}
    >
      <TextField
        select
        label="Event"
        required
        fullWidth
        value={eventId}
        onChange={(e) => setEventId(e.target.value)}
        helperText={offered.length ? 'The account mails whom its rules name when this happens.' : 'Subscribed to all.'}
      >
        {offered.map((ev) => (
          <MenuItem key={ev.id} value={ev.id}>
            <ListItemText primary={ev.name} secondary={ev.description} />
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
