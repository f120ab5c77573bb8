import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { Request } from '@trellis/domain/fulfillment/request';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useGet } from '../../../api/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { requestApi } from '../data.ts';
import { templatesFor, useTemplates } from './data.ts';

const TYPE_NOTE: Record<string, string> = { fulfillment: 'fulfillment', inquire: 'inquire', pending: 'pending' };

/** The rendered HTML of a product template for this request (GET …/templates/{t}/render?request_id=). */
export function useRenderedTemplate(productId: string, templateId: string | null | undefined, requestId: string) {
  return useGet<string>(templateId
    ? `/products/${encodeURIComponent(productId)}/templates/${encodeURIComponent(templateId)}/render?request_id=${encodeURIComponent(requestId)}&format=html`
    : null);
}

/** Server-rendered template HTML. The API renders Markdown with raw HTML disabled and unsafe links refused (catalog render.ts). */
export function RenderedHtml({ html, label }: { html: string; label: string }) {
  return (
    <Box aria-label={label} role="document" sx={{ '& :first-of-type': { mt: 0 }, '& pre': { whiteSpace: 'pre-wrap' }, '& img': { maxWidth: '100%' }, fontSize: 14 }}
      dangerouslySetInnerHTML={{ __html: html }} />
  );
}

export interface ApproveDialogProps {
  request: Request | null;
  onClose: () => void;
  onApproved: (answer: Request) => void;
}

/**
 * Approve with an activation template of the product (scope subscription, fulfillment ones first), previewed
 * with this request's data. The template's rendered text becomes the request's activation key.
 */
export function ApproveDialog({ request, onClose, onApproved }: ApproveDialogProps) {
  const open = !!request;
  const productId = request?.asset.product.id ?? '';
  const templates = useTemplates(productId, 'asset', open);
  const choices = useMemo(() => templatesFor(templates.data ?? [], 'fulfillment'), [templates.data]);
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = choices.find((t) => t.id === templateId) ?? null;
  const preview = useRenderedTemplate(productId, open ? chosen?.id : null, request?.id ?? '');

  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  // Preselect the first (preferred) template once the list is there.
  useEffect(() => {
    if (open && !choices.some((t) => t.id === templateId)) setTemplateId(choices[0]?.id ?? '');
  }, [open, choices, templateId]);

  const submit = async () => {
    if (!request) return;
    if (!chosen) return setError('Choose the template whose text the customer receives.');
    setBusy(true);
    setError(null);
    try {
      onApproved(await api.post<Request>(`${requestApi(request.id)}/approve`, { template_id: chosen.id }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog open={open} title="Approve request" submitLabel="Approve" busy={busy} error={error} maxWidth="md" onClose={onClose}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {templates.isPending && <Skeleton height={56} />}
      {templates.isError && <Alert severity="error">{errorMessage(templates.error)}</Alert>}
      {templates.data && !choices.length && (
        <Alert severity="warning">The product has no subscription templates. Add one in the product's Templates tab, then approve.</Alert>
      )}
      {choices.length > 0 && (
        <TextField select label="Activation template" required value={templateId} onChange={(e) => setTemplateId(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} disabled={busy}
          helperText="The customer receives its text with this request's data filled in.">
          {choices.map((t) => <option key={t.id} value={t.id}>{t.type ? `${t.name} (${TYPE_NOTE[t.type]})` : t.name}</option>)}
        </TextField>
      )}
      {chosen && (
        <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50', maxHeight: 360, overflow: 'auto' }}>
          <Typography variant="overline" color="text.secondary">Preview</Typography>
          {preview.isPending && [1, 2, 3].map((i) => <Skeleton key={i} />)}
          {preview.isError && <Alert severity="error">{errorMessage(preview.error)}</Alert>}
          {typeof preview.data === 'string' && <RenderedHtml html={preview.data} label="Template preview" />}
        </Paper>
      )}
    </FormDialog>
  );
}
