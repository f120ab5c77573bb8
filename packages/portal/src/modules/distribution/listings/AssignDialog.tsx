import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import type { ListingRequest } from '@trellis/domain/distribution/listing';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useActiveMembers } from '../common/data.ts';

export interface AssignDialogProps {
  request: ListingRequest | null;
  onClose: () => void;
  onAssigned: (r: ListingRequest) => void;
}

/** The provider gives a request to one of its active users (the caller first: "Assign to me" is the default). */
export function AssignDialog({ request, onClose, onAssigned }: AssignDialogProps) {
  const auth = useAuth();
  const me = auth.user;
  const members = useActiveMembers(auth.account.id, !!request);
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!request) return;
    setUserId(request.assignee?.id && request.assignee.id !== me?.id ? request.assignee.id : (me?.id ?? ''));
    setError(null);
  }, [request, me?.id]);
  const others = (members.data ?? []).filter((u) => u.id !== me?.id);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onAssigned(
        await api.post<ListingRequest>(`/listing-requests/${request!.id}/assign`, { assignee: { id: userId } }),
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={!!request}
      title="Assign request"
      submitLabel="Assign"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        select
        label="Assignee"
        fullWidth
        value={userId}
        onChange={(e) => setUserId(e.target.value)}
        helperText="Who in your account handles this request."
      >
        {me && <MenuItem value={me.id}>Me ({me.name})</MenuItem>}
        {others.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name} ({u.email})
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
