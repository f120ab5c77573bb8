import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { notify } from '../data.ts';

const KINDS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'];

/** The icon of the service's sign-in button; an administrator uploads a new one (multipart field `icon`). */
export function SsoServiceIcon({ id, icon, canEdit }: { id: string; icon?: string; canEdit: boolean }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/sso/services/${id}`;
  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set('icon', file);
      await apiRequest(`${path}/icon`, { method: 'POST', body: form });
      notify('success', 'The icon was updated.');
      await client.invalidateQueries({ queryKey: ['get', path] });
      void client.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {icon ? (
        <img src={icon} alt="Icon of the sign-in button" width={32} height={32} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      )}
      {canEdit && (
        <Box>
          <Button component="label" variant="outlined" size="small" disabled={busy}>
            {icon ? 'Replace icon' : 'Upload icon'}
            <input
              hidden
              type="file"
              aria-label="Icon file"
              accept={KINDS.map((k) => `.${k}`).join(',')}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
          </Button>
          <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
            {error ?? `A square image (${KINDS.join(', ')}), at most 1 MB.`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
