import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  TEMPLATE_SCOPE_LABELS,
  TEMPLATE_SCOPES,
  TEMPLATE_TYPE_LABELS,
  TEMPLATE_TYPES,
  type ProductTemplate,
} from '@trellis/domain/catalog/content';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useGet } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { EMPTY_SELECT } from '../common/selects.ts';

const SCOPE_LABELS: Record<string, string> = TEMPLATE_SCOPE_LABELS;
const TYPE_LABELS: Record<string, string> = TEMPLATE_TYPE_LABELS;

type Values = Pick<ProductTemplate, 'name' | 'title' | 'body' | 'scope'> & { type: string };

export interface TemplateEditorProps {
  productId: string;
  template: ProductTemplate;
  readOnly: boolean;
  /** Previews exist for the live catalogue only (a built version has no preview endpoint). */
  canPreview: boolean;
  onDelete?: () => void;
}

/**
 * One template: its Markdown body beside a preview rendered by the API (GET …/templates/{id}/preview) with sample
 * request data, so placeholders such as {{ asset.id }} show what a customer would read. The preview follows the
 * saved body.
 */
export function TemplateEditor({ productId, template, readOnly, canPreview, onDelete }: TemplateEditorProps) {
  const one = `/products/${productId}/templates/${template.id}`;
  const put = useWrite<ProductTemplate, Record<string, unknown>>(
    { method: 'PUT', path: one },
    // the preview follows the saved body
    { objects: [one, `${one}/preview?format=html`], notice: (t) => `Template ${t.name} was saved.` },
  );
  const busy = put.isPending;
  const initial: Values = {
    name: template.name,
    title: template.title,
    body: template.body,
    scope: template.scope,
    type: template.type ?? '',
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const preview = useGet<string>(
    canPreview ? `/products/${productId}/templates/${template.id}/preview?format=html` : null,
  );
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  const save = async () => {
    if (!values.name.trim()) return setErrors({ name: 'This field is required' });
    setErrors({});
    setError(null);
    try {
      await put.mutateAsync({
        name: values.name.trim(),
        title: values.title.trim() || values.name.trim(),
        body: values.body,
        scope: values.scope,
        type: values.type || null,
      });
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v[0]])));
      setError(Object.keys(byField).length ? null : errorMessage(err));
    }
  };

  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Name"
          required
          fullWidth
          size="small"
          value={values.name}
          disabled={readOnly}
          onChange={(e) => set({ name: e.target.value })}
          error={!!errors.name}
          helperText={errors.name}
        />
        <TextField
          label="Title"
          fullWidth
          size="small"
          value={values.title}
          disabled={readOnly}
          onChange={(e) => set({ title: e.target.value })}
          error={!!errors.title}
          helperText={errors.title}
        />
        <TextField
          select
          label="Scope"
          size="small"
          sx={{ minWidth: 150 }}
          value={values.scope}
          disabled={readOnly}
          onChange={(e) => set({ scope: e.target.value as Values['scope'] })}
        >
          {TEMPLATE_SCOPES.map((s) => (
            <MenuItem key={s} value={s}>
              {SCOPE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Type"
          size="small"
          slotProps={EMPTY_SELECT}
          sx={{ minWidth: 150 }}
          value={values.type}
          disabled={readOnly}
          onChange={(e) => set({ type: e.target.value })}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {TEMPLATE_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          label="Body (Markdown)"
          multiline
          minRows={14}
          maxRows={30}
          fullWidth
          value={values.body}
          slotProps={{ input: { readOnly, sx: { fontFamily: 'monospace', fontSize: 13, alignItems: 'flex-start' } } }}
          onChange={(e) => set({ body: e.target.value })}
          error={!!errors.body}
          helperText={
            errors.body ?? 'Placeholders like {{ asset.id }} or {{ parameter_name }} are filled from the request.'
          }
        />
        <Paper
          variant="outlined"
          sx={{ p: 2, bgcolor: 'grey.50', overflow: 'auto', minHeight: 200 }}
          aria-label="Preview"
        >
          <Typography variant="overline" color="text.secondary">
            Preview{dirty && canPreview ? ' (of the saved body)' : ''}
          </Typography>
          {!canPreview && (
            <Typography variant="body2" color="text.secondary">
              Previews are available for the latest catalogue.
            </Typography>
          )}
          {canPreview && preview.isPending && [1, 2, 3].map((i) => <Skeleton key={i} />)}
          {preview.isError && <Alert severity="error">{errorMessage(preview.error)}</Alert>}
          {/* The API renders Markdown with raw HTML disabled and unsafe links refused (server render.ts). */}
          {typeof preview.data === 'string' && (
            <Box
              sx={{ '& :first-of-type': { mt: 0 }, '& pre': { whiteSpace: 'pre-wrap' }, fontSize: 14 }}
              dangerouslySetInnerHTML={{ __html: preview.data }}
            />
          )}
        </Paper>
      </Box>
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" disabled={busy || !dirty} onClick={() => void save()}>
            Save
          </Button>
          <Button
            disabled={busy || !dirty}
            onClick={() => {
              setValues(initial);
              setErrors({});
            }}
          >
            Discard changes
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {onDelete && (
            <Button color="error" disabled={busy} onClick={onDelete}>
              Delete template
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
}
