import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { IMAGE_EXTENSIONS, MAX_MEDIA, MEDIA_TYPES, type ProductMedia } from '@trellis/domain/catalog/content';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

export interface MediaDialogProps {
  productId: string;
  open: boolean;
  /** The media to replace or edit; none uploads a new one. */
  media?: ProductMedia | null;
  /** Positions held by the other media (1..MAX_MEDIA). */
  taken: number[];
  onClose: () => void;
  onSaved: (m: ProductMedia) => void;
}

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Upload (multipart POST) or replace/edit (multipart PUT) one picture or video of the product. */
export function MediaDialog({ productId, open, media, taken, onClose, onSaved }: MediaDialogProps) {
  const base = `/products/${productId}/media`;
  const save = useWrite<ProductMedia, FormData>(
    { method: media ? 'PUT' : 'POST', path: media ? `${base}/${media.id}` : base },
    { lists: [base] },
  );
  const busy = save.isPending;
  const free = Array.from({ length: MAX_MEDIA }, (_, i) => i + 1).filter(
    (p) => !taken.includes(p) || p === media?.position,
  );
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [position, setPosition] = useState('');
  const [type, setType] = useState<ProductMedia['type']>('image');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setPosition(String(media?.position ?? free[0] ?? ''));
    setType(media?.type ?? 'image');
    setUrl(media?.type === 'video' ? (media.url ?? '') : '');
    setErrors({});
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, media]);
  useEffect(() => {
    if (!file) return setPreview(null);
    const u = URL.createObjectURL(file);
    setPreview(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!media && !file) found.thumbnail = 'This field is required';
    if (!position) found.position = 'This field is required';
    if (type === 'video' && !url.trim()) found.url = 'This field is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.set('position', position);
    form.set('type', type);
    if (type === 'video') form.set('url', url.trim());
    if (file) form.set('thumbnail', file);
    setError(null);
    try {
      onSaved(await save.mutateAsync(form));
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v[0]])));
      if (!Object.keys(byField).length) setError(errorMessage(err));
    }
  };

  const shown = preview ?? media?.thumbnail ?? null;
  return (
    <FormDialog
      open={open}
      title={media ? 'Replace media' : 'Upload media'}
      submitLabel={media ? 'Save' : 'Upload'}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 160,
            height: 100,
            borderRadius: 1,
            bgcolor: 'action.hover',
            overflow: 'hidden',
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {shown ? (
            <img src={shown} alt="Preview" style={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              No image
            </Typography>
          )}
        </Box>
        <Box>
          <Button component="label" variant="outlined">
            {media ? 'Choose a new image' : 'Choose image'}
            <input
              hidden
              type="file"
              accept={ACCEPT}
              aria-label="Image file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography
            variant="caption"
            color={errors.thumbnail ? 'error' : 'text.secondary'}
            sx={{ display: 'block', mt: 0.5 }}
          >
            {errors.thumbnail ?? (file ? file.name : `${IMAGE_EXTENSIONS.join(', ')}; for a video, its thumbnail.`)}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label="Position"
          fullWidth
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          error={!!errors.position}
          helperText={errors.position}
        >
          {free.map((p) => (
            <MenuItem key={p} value={String(p)}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Type"
          fullWidth
          value={type}
          onChange={(e) => setType(e.target.value as ProductMedia['type'])}
          error={!!errors.type}
          helperText={errors.type}
        >
          {MEDIA_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t === 'image' ? 'Image' : 'Video'}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {type === 'video' && (
        <TextField
          label="Video URL"
          required
          fullWidth
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={!!errors.url}
          helperText={errors.url ?? 'Where the video plays (https).'}
        />
      )}
    </FormDialog>
  );
}
