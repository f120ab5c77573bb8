import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProductVersion } from '@trellis/domain/catalog/product';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { versionsKey } from '../common/data.ts';
import { notify } from '../common/notify.ts';

export const buildStartedMessage = (v: ProductVersion) => `Version ${v.version} is being built; the list below refreshes until it is ready.`;

/** "Build version": freezes the live catalogue as the next version (built in the background). */
export function BuildVersionDialog({ productId, open, onClose, onStarted }: {
  productId: string; open: boolean; onClose: () => void; onStarted?: (v: ProductVersion) => void;
}) {
  const client = useQueryClient();
  const [changes, setChanges] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setChanges('');
    setError(null);
  }, [open]);
  const tooLong = changes.length > 4096;
  return (
    <FormDialog open={open} title="Build version" submitLabel="Build" busy={busy} error={error} onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (tooLong) return;
        setBusy(true);
        setError(null);
        api.post<ProductVersion>(`/products/${productId}/versions`, changes.trim() ? { changes_description: changes.trim() } : {})
          .then(async (v) => {
            await client.invalidateQueries({ queryKey: versionsKey(productId) });
            // The caller may move to another page and carry the message there.
            if (onStarted) onStarted(v);
            else notify('info', buildStartedMessage(v));
            onClose();
          }, (err) => setError(errorMessage(err)))
          .finally(() => setBusy(false));
      }}>
      <Typography variant="body2" color="text.secondary">
        The current catalogue (items, parameters, templates, media, translations) is frozen as a new version that customers and
        providers get. A draft product and its draft items are published with its first version.
      </Typography>
      <TextField label="Changes description" multiline minRows={3} fullWidth autoFocus value={changes}
        onChange={(e) => setChanges(e.target.value)} error={tooLong}
        helperText={tooLong ? 'Input must be at most 4096 characters' : 'What changed since the previous version.'} />
    </FormDialog>
  );
}
