import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

export const FUTURE_DATE = 'The date must be in the future';

/** `yyyy-mm-ddThh:mm` in local time, as a datetime-local input holds it. */
const localInput = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The planned date typed, or the message why it cannot be used. */
export function plannedDateOf(input: string, now = new Date()): { iso: string } | { error: string } {
  if (!input.trim()) return { error: REQUIRED };
  const d = new Date(input);
  if (Number.isNaN(d.getTime())) return { error: 'Enter a date and time' };
  if (d.getTime() <= now.getTime()) return { error: FUTURE_DATE };
  return { iso: d.toISOString() };
}

export interface ScheduleDialogProps {
  open: boolean;
  onClose: () => void;
  /** Posts `schedule` with `{planned_date}` (ISO 8601). */
  onSubmit: (plannedDate: string) => Promise<unknown>;
}

/** Delayed activation: the request waits, scheduled, until the planned date, then returns to pending. */
export function ScheduleDialog({ open, onClose, onSubmit }: ScheduleDialogProps) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(localInput(new Date(Date.now() + 24 * 3600_000)));
      setFieldError(null);
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    const planned = plannedDateOf(value);
    if ('error' in planned) return setFieldError(planned.error);
    setBusy(true);
    setFieldError(null);
    setError(null);
    try {
      await onSubmit(planned.iso);
    } catch (err) {
      const onField = err instanceof ApiError ? err.fieldErrors.planned_date?.[0] : undefined;
      if (onField) setFieldError(onField);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog open={open} title="Schedule request" submitLabel="Schedule" busy={busy} error={error} maxWidth="xs" onClose={onClose}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <TextField type="datetime-local" label="Planned date" required fullWidth value={value} disabled={busy}
        onChange={(e) => setValue(e.target.value)} error={!!fieldError}
        helperText={fieldError ?? 'The request returns to pending on this date (your local time).'}
        slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
}
