import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import type { TierAccountRequest } from '@trellis/domain/fulfillment/tier-account-request';
import { maxLength } from '@trellis/domain/validation/messages';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { FormDialog } from '../../components/FormDialog.tsx';

const MAX_REASON = 4096;

export interface IgnoreDialogProps {
  request: TierAccountRequest | null;
  onClose: () => void;
  onIgnored: (r: TierAccountRequest) => void;
}

/** The vendor ignores a tier account request, optionally saying why (the provider reads the reason). */
export function IgnoreDialog({ request, onClose, onIgnored }: IgnoreDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!request) return;
    setReason('');
    setError(null);
  }, [request]);
  const tooLong = reason.length > MAX_REASON;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (tooLong) return;
    setBusy(true);
    setError(null);
    try {
      const text = reason.trim();
      onIgnored(await api.post<TierAccountRequest>(`/tier/account-requests/${request!.id}/ignore`, text ? { reason: text } : {}));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog open={!!request} title="Ignore request" submitLabel="Ignore" busy={busy} error={error} onClose={onClose} onSubmit={submit}>
      {request && `The changed data of ${request.account.name} (version ${request.account.version}) will not be taken into your systems.`}
      <TextField label="Reason" multiline minRows={3} fullWidth value={reason} onChange={(e) => setReason(e.target.value)}
        error={tooLong} helperText={tooLong ? maxLength(MAX_REASON) : 'Optional.'} />
    </FormDialog>
  );
}
