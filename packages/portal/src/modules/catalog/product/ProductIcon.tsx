import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { useState } from 'react';
import { IMAGE_EXTENSIONS } from '@trellis/domain/catalog/content';
import type { Product } from '@trellis/domain/catalog/product';
import { errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';

export function ProductAvatar({
  icon,
  name,
  size = 32,
}: {
  icon: string | null | undefined;
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={icon ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: icon ? 'transparent' : 'action.selected' }}
    >
      <Inventory2OutlinedIcon sx={{ fontSize: size * 0.6, color: 'text.secondary' }} />
    </Avatar>
  );
}

/** The product's icon with upload (multipart field 'icon') and remove for the owning vendor. */
export function ProductIcon({
  productId,
  icon,
  name,
  readOnly,
}: {
  productId: string;
  icon: string | null;
  name: string;
  readOnly: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const path = `/products/${productId}/icon`;
  const objects = [`/products/${productId}`];
  const put = useWrite<Product, File>(
    {
      method: 'POST',
      path,
      body: (file) => {
        const form = new FormData();
        form.set('icon', file);
        return form;
      },
    },
    { objects, notice: () => 'The icon was updated.' },
  );
  const remove = useWrite<Product>({ method: 'DELETE', path }, { objects, notice: () => 'The icon was removed.' });
  const busy = put.isPending || remove.isPending;
  const run = (write: Promise<unknown>) => {
    setError(null);
    write.catch((err) => setError(errorMessage(err)));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <ProductAvatar icon={icon} name={name} size={72} />
      {!readOnly && (
        <Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component="label" variant="outlined" size="small" disabled={busy}>
              {icon ? 'Replace icon' : 'Upload icon'}
              <input
                hidden
                type="file"
                aria-label="Icon file"
                accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) run(put.mutateAsync(f));
                }}
              />
            </Button>
            {icon && (
              <Button size="small" color="error" disabled={busy} onClick={() => run(remove.mutateAsync())}>
                Remove
              </Button>
            )}
          </Box>
          <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
            {error ?? `A square image (${IMAGE_EXTENSIONS.join(', ')}).`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
