import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { IMAGE_EXTENSIONS } from '@trellis/domain/catalog/content';
import { errorMessage } from '../api/errors.ts';
import { useWrite } from '../api/useWrite.ts';

/**
 * An object's icon with its upload (`POST {object}/icon`, multipart field `icon`) and, where the API has it, its
 * removal (`DELETE {object}/icon`): products, marketplaces, SSO services.
 */
export function IconUpload({
  object,
  icon,
  preview,
  canEdit,
  removable = false,
  kinds = IMAGE_EXTENSIONS,
  hint = `A square image (${kinds.join(', ')}).`,
}: {
  /** The object's path, e.g. `/products/PRD-…`. */
  object: string;
  icon: string | null | undefined;
  preview: ReactNode;
  canEdit: boolean;
  removable?: boolean;
  /** The file kinds the server takes (extensions). */
  kinds?: readonly string[];
  hint?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const path = `${object}/icon`;
  const objects = [object];
  const put = useWrite<unknown, File>(
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
  const remove = useWrite({ method: 'DELETE', path }, { objects, notice: () => 'The icon was removed.' });
  const busy = put.isPending || remove.isPending;
  const run = (write: Promise<unknown>) => {
    setError(null);
    write.catch((err) => setError(errorMessage(err)));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {preview}
      {canEdit && (
        <Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component="label" variant="outlined" size="small" disabled={busy}>
              {icon ? 'Replace icon' : 'Upload icon'}
              <input
                hidden
                type="file"
                aria-label="Icon file"
                accept={kinds.map((e) => `.${e}`).join(',')}
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) run(put.mutateAsync(f));
                }}
              />
            </Button>
            {removable && icon && (
              <Button size="small" color="error" disabled={busy} onClick={() => run(remove.mutateAsync())}>
                Remove
              </Button>
            )}
          </Box>
          <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
            {error ?? hint}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
