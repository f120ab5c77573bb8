import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** Reject needs a reason; revoke may give one. */
  required: boolean;
  intro?: ReactNode;
  onClose: () => void;
  /** Posts the action with `{reason}`; a 400 naming `reason` shows on the field. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Ask for the reason of a rejection (fail) or a revocation, which the other side reads on the request. */
export function ReasonDialog({ open, title, submitLabel, required, intro, onClose, onSubmit }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setFieldError(null);
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    if (required && !reason.trim()) return setFieldError(REQUIRED);
    setBusy(true);
    setFieldError(null);
    setError(null);
    try {
      await onSubmit(reason.trim());
    } catch (err) {
      const onField = err instanceof ApiError ? err.fieldErrors.reason?.[0] : undefined;
      if (onField) setFieldError(onField);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog open={open} title={title} submitLabel={submitLabel} busy={busy} error={error} onClose={onClose}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {intro}
      <TextField label="Reason" required={required} multiline minRows={3} fullWidth autoFocus value={reason} disabled={busy}
        onChange={(e) => setReason(e.target.value)} error={!!fieldError}
        helperText={fieldError ?? (required ? 'The provider and the customer read this.' : 'Optional: why the request is revoked.')} />
    </FormDialog>
  );
}
