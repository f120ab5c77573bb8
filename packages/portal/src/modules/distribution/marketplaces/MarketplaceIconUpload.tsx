import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IMAGE_EXTENSIONS } from '@trellis/domain/catalog/content';
import { apiRequest } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { MarketplaceAvatar } from '../common/Marketplace.tsx';
import { notify } from '../common/data.ts';

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The marketplace's icon; its owner uploads a new one (multipart field `icon`). */
export function MarketplaceIconUpload({
  marketplaceId,
  icon,
  name,
  canEdit,
}: {
  marketplaceId: string;
  icon: string | null;
  name: string;
  canEdit: boolean;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set('icon', file);
      await apiRequest(`/marketplaces/${marketplaceId}/icon`, { method: 'POST', body: form });
      notify('success', 'The icon was updated.');
      await client.invalidateQueries({ queryKey: ['get', `/marketplaces/${marketplaceId}`] });
      void client.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <MarketplaceAvatar icon={icon} name={name} size={56} />
      {canEdit && (
        <Box>
          <Button component="label" variant="outlined" size="small" disabled={busy}>
            {icon ? 'Replace icon' : 'Upload icon'}
            <input
              hidden
              type="file"
              aria-label="Icon file"
              accept={ACCEPT}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
          </Button>
          <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
            {error ?? `A square image (${IMAGE_EXTENSIONS.join(', ')}).`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
