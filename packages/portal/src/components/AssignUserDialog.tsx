import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { allows } from '@trellis/domain/identity/modules';
import type { AccountUser } from '@trellis/domain/identity/user';
import { errorMessage } from '../api/errors.ts';
import { listAll } from '../api/list.ts';
import { useAuth } from '../app/session/SessionProvider.tsx';
import { FormDialog } from './FormDialog.tsx';

/** Reading the account's users needs the users module; without it the choice is the caller (or nobody). */
const USERS_MODULE = 'MD-0001';
const NOBODY = '-';

/**
 * The signed-in account's active users, for pickers (under the 'list' key: every write refreshes it); read only when
 * `enabled` and the user holds the users module (none otherwise).
 */
export function useActiveMembers(enabled = true) {
  const auth = useAuth();
  const path = `/accounts/${auth.account.id}/users`;
  return useQuery({
    queryKey: ['list', path, 'joined'],
    queryFn: ({ signal }) => listAll<AccountUser>(path, 'eq(status,joined)&ordering(name)', signal),
    enabled: enabled && allows(auth.permissions, USERS_MODULE),
  });
}

export interface AssignUserDialogProps {
  open: boolean;
  title: string;
  /** The select's label ("Assignee", "Agent") and the line under it. */
  label: string;
  helperText: string;
  /** Who holds it now; the caller is chosen when nobody (or the caller) does. */
  current?: { id: string; name?: string } | null;
  /** Offer "Nobody" (saved as null). */
  nobody?: boolean;
  onClose: () => void;
  /** Saves the choice; the dialog closes when it resolves and shows the error when it fails. */
  onAssign: (user: { id: string } | null) => Promise<unknown>;
}

/** Who of the account handles an object: the caller ("Me"), another active user of the account, or nobody. */
export function AssignUserDialog({
  open,
  title,
  label,
  helperText,
  current,
  nobody,
  onClose,
  onAssign,
}: AssignUserDialogProps) {
  const auth = useAuth();
  const me = auth.user;
  const members = useActiveMembers(open);
  const [choice, setChoice] = useState(NOBODY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setChoice(current?.id ?? me?.id ?? NOBODY);
    setError(null);
  }, [open, current?.id, me?.id]);
  const others = (members.data ?? []).filter((u) => u.id !== me?.id);
  // the current holder stays a choice while the list loads (or cannot be read)
  const held = current && current.id !== me?.id && !others.some((u) => u.id === current.id) ? current : null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onAssign(choice === NOBODY ? null : { id: choice });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel="Assign"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        select
        label={label}
        fullWidth
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        helperText={helperText}
      >
        {me && <MenuItem value={me.id}>Me ({me.name})</MenuItem>}
        {held && <MenuItem value={held.id}>{held.name ?? held.id}</MenuItem>}
        {others.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name} ({u.email})
          </MenuItem>
        ))}
        {nobody && <MenuItem value={NOBODY}>Nobody</MenuItem>}
      </TextField>
    </FormDialog>
  );
}
