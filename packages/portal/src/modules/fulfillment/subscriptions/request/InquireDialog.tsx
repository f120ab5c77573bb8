import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { Request } from '@trellis/domain/fulfillment/request';
import { errorMessage } from '../../../../api/errors.ts';
import type { ActionDialogProps } from '../../../../components/actions/ActionBar.tsx';
import { FormDialog } from '../../../../components/FormDialog.tsx';
import { templatesFor, useTemplates } from '../../common/templates.tsx';

/**
 * Inquire (the action bar's dialog): the provider is asked to fix the parameters marked invalid, listed by their
 * titles, optionally with an inquire template of the product whose text it receives.
 */
export function InquireDialog({ obj: request, open, onClose, run }: ActionDialogProps<Request>) {
  const templates = useTemplates(request.asset.product.id, 'asset', open);
  const inquire = useMemo(
    () => templatesFor(templates.data ?? [], 'inquire').filter((t) => t.type === 'inquire'),
    [templates.data],
  );
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const marked = request.asset.params.filter((p) => !!p.value_error);
  useEffect(() => {
    if (open) {
      setError(null);
      setTemplateId('');
    }
  }, [open]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await run(templateId ? { template_id: templateId } : {});
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
      title="Inquire"
      submitLabel="Inquire"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="body2">The provider is asked to fix:</Typography>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3 }}>
        {marked.map((p) => (
          <li key={p.id}>
            <b>{p.title || p.id}</b>: {p.value_error}
          </li>
        ))}
      </Typography>
      {inquire.length > 0 && (
        <TextField
          select
          label="Inquire template"
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          disabled={busy}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          helperText="Optional: the message the provider receives."
        >
          <option value="">None</option>
          {inquire.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </TextField>
      )}
    </FormDialog>
  );
}
