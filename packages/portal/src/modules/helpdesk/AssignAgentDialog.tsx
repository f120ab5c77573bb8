import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import type { Case } from '@trellis/domain/helpdesk/case';
import { allows } from '@trellis/domain/identity/modules';
import { errorMessage } from '../../api/errors.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useAgents } from './data.ts';

/** Reading the account's users needs the users module; without it the choice is the user or nobody. */
const USERS_MODULE = 'MD-0001';
const NOBODY = '-';

export interface AssignAgentDialogProps {
  open: boolean;
  /** The current agent of the account's side. */
  agent?: { id: string; name: string };
  onClose: () => void;
  /** Saves the account's agent (null: nobody). */
  onAssign: (agent: { id: string } | null) => Promise<Case>;
}

/** Who of the account handles the case: the user, another active user of the account, or nobody. */
export function AssignAgentDialog({ open, agent, onClose, onAssign }: AssignAgentDialogProps) {
  const auth = useAuth();
  const me = auth.user;
  const members = useAgents(auth.account.id, open && allows(auth.permissions, USERS_MODULE));
  const [choice, setChoice] = useState(NOBODY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setChoice(agent?.id ?? me?.id ?? NOBODY);
    setError(null);
  }, [open, agent?.id, me?.id]);
  const others = (members.data ?? []).filter((u) => u.id !== me?.id);
  // the current agent stays a choice while the list loads (or cannot be read)
  const current = agent && agent.id !== me?.id && !others.some((u) => u.id === agent.id) ? agent : null;

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
      title="Assign agent"
      submitLabel="Assign"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        select
        label="Agent"
        fullWidth
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        helperText="Who in your account handles this case."
      >
        {me && <MenuItem value={me.id}>Me ({me.name})</MenuItem>}
        {current && <MenuItem value={current.id}>{current.name}</MenuItem>}
        {others.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name} ({u.email})
          </MenuItem>
        ))}
        <MenuItem value={NOBODY}>Nobody</MenuItem>
      </TextField>
    </FormDialog>
  );
}
