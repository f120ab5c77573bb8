import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useTemplates } from '../../subscriptions/request/data.ts';
import { configRequestApi, levelLabel } from '../data.ts';

export interface ApproveDialogProps {
  request: TierConfigRequest | null;
  onClose: () => void;
  /** Approving failed on the parameters: the caller shows them on the Parameters tab. */
  onError?: (err: unknown) => void;
  onApproved: (answer: TierConfigRequest | null) => void;
}

/**
 * Approve a tier config request, optionally with a template of the product's tier scope (tier1 / tier2) whose text
 * the reseller gets. Only fulfillment templates (or untyped ones) can approve.
 */
export function ApproveDialog({ request, onClose, onError, onApproved }: ApproveDialogProps) {
  const open = !!request;
  const level = request?.configuration.tier_level ?? 1;
  const templates = useTemplates(request?.configuration.product.id ?? '', level === 2 ? 'tier2' : 'tier1', open);
  const choices = useMemo(() => (templates.data ?? []).filter((t) => !t.type || t.type === 'fulfillment'), [templates.data]);
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setError(null);
    setTemplateId('');
  }, [open]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = templateId ? { template: { id: templateId } } : {};
      onApproved(await api.post<TierConfigRequest | null>(`${configRequestApi(request!.id)}/approve`, body));
    } catch (err) {
      setError(errorMessage(err));
      onError?.(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog open={open} title="Approve request" submitLabel="Approve" busy={busy} error={error} onClose={onClose}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {request && `The ${levelLabel(level)} configuration of ${request.configuration.account.name} for ${request.configuration.product.name} becomes active with this request's values.`}
      {templates.isPending && <Skeleton height={56} />}
      {templates.isError && <Alert severity="warning">{`The templates cannot be read: ${errorMessage(templates.error)}`}</Alert>}
      {templates.data && (
        <TextField select label="Template" value={templateId} onChange={(e) => setTemplateId(e.target.value)} disabled={busy}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          helperText={choices.length ? 'Optional: the reseller receives its text with this request\'s data filled in.'
            : `The product has no ${levelLabel(level)} fulfillment templates.`}>
          <option value="">No template</option>
          {choices.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </TextField>
      )}
    </FormDialog>
  );
}
