import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PermMediaOutlinedIcon from '@mui/icons-material/PermMediaOutlined';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_MEDIA, type ProductMedia } from '@trellis/domain/catalog/content';
import { listAll } from '../../../api/list.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { partPath } from '../common/paths.ts';
import { MediaDialog } from './MediaDialog.tsx';

export interface MediaTabProps {
  productId: string;
  readOnly: boolean;
  version?: number;
}

/** Pictures and videos of the product, by position (at most MAX_MEDIA). */
export function MediaTab({ productId, readOnly, version }: MediaTabProps) {
  const path = partPath(productId, 'media', version);
  const media = useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<ProductMedia>(path, 'ordering(position)', signal),
  });
  const [editing, setEditing] = useState<ProductMedia | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductMedia | null>(null);
  const remove = useWrite<void, ProductMedia>(
    { method: 'DELETE', path: (m) => `/products/${productId}/media/${m.id}` },
    { lists: [path], notice: () => `Media ${deleting?.position} was deleted.` },
  );
  const items = media.data ?? [];
  const full = items.length >= MAX_MEDIA;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {items.length} of {MAX_MEDIA} media. Customers see them in this order in the marketplace.
        </Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddIcon />} disabled={full} onClick={() => setEditing('new')}>
            Upload media
          </Button>
        )}
      </Box>
      {media.isError && <ErrorState error={media.error} onRetry={() => void media.refetch()} />}
      {media.isSuccess && items.length === 0 && (
        <EmptyState icon={<PermMediaOutlinedIcon />} title="No media yet">
          {readOnly ? 'This product has no pictures or videos.' : 'Upload screenshots or videos that show the product.'}
        </EmptyState>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {media.isPending && [1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={200} />)}
        {items.map((m) => (
          <Card key={m.id} variant="outlined" data-testid="media-card">
            <Box
              sx={{
                height: 140,
                bgcolor: 'action.hover',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                position: 'relative',
              }}
            >
              <img src={m.thumbnail} alt={`Media ${m.position}`} style={{ maxWidth: '100%', maxHeight: '100%' }} />
              <Chip
                size="small"
                label={m.position}
                sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper' }}
              />
            </Box>
            <CardContent sx={{ py: 1 }}>
              <Typography variant="body2">
                {m.type === 'video' ? 'Video' : 'Image'} ·{' '}
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {m.id}
                </Box>
              </Typography>
              {m.type === 'video' && m.url && (
                <Link href={m.url} target="_blank" rel="noreferrer" variant="caption" sx={{ wordBreak: 'break-all' }}>
                  {m.url}
                </Link>
              )}
            </CardContent>
            {!readOnly && (
              <CardActions>
                <Button size="small" onClick={() => setEditing(m)}>
                  Replace
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(m)}>
                  Delete
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      <MediaDialog
        productId={productId}
        open={editing !== null}
        media={editing === 'new' ? null : editing}
        taken={items.map((m) => m.position)}
        onClose={() => setEditing(null)}
        onSaved={(m) => {
          notify('success', `Media ${m.position} was ${editing === 'new' ? 'uploaded' : 'saved'}.`);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete media"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!)}
      >
        Delete media {deleting?.position} ({deleting?.id})? Built versions keep showing it.
      </ConfirmDialog>
    </Paper>
  );
}
