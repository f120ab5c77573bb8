import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { ProductTemplate } from '@trellis/domain/catalog/content';
import { errorMessage } from '../../../api/errors.ts';
import type { ActionDialogProps } from '../../../components/actions/ActionBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { RenderedHtml, templatesFor, useRenderedTemplate, useTemplates } from './templates.tsx';

const TYPE_NOTE: Record<string, string> = { fulfillment: 'fulfillment', inquire: 'inquire', pending: 'pending' };

export interface ApproveDialogProps<T> extends ActionDialogProps<T> {
  title: string;
  intro?: string;
  productId: string;
  scope: ProductTemplate['scope'];
  /**
   * A fulfillment request needs a template: its text, rendered with the request's data (previewed here), is what the
   * customer receives. A tier config request may go without one; only fulfillment (or untyped) templates approve it.
   */
  required: boolean;
  /** Preview the chosen template with this request's data (fulfillment requests). */
  previewRequestId?: string;
  label: string;
  helper: string;
  body: (templateId: string | null) => object;
  /** A failure the page shows elsewhere too (parameters on their fields); returns the message for the dialog. */
  onError?: (err: unknown) => string;
}

/** Approve with a template of the product: the action bar's dialog for approve, on both request pages. */
export function ApproveDialog<T>(props: ApproveDialogProps<T>) {
  const { open, required, productId, previewRequestId } = props;
  const templates = useTemplates(productId, props.scope, open);
  const choices = useMemo(
    () =>
      required
        ? templatesFor(templates.data ?? [], 'fulfillment')
        : (templates.data ?? []).filter((t) => !t.type || t.type === 'fulfillment'),
    [templates.data, required],
  );
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = choices.find((t) => t.id === templateId) ?? null;
  const preview = useRenderedTemplate(productId, open && previewRequestId ? chosen?.id : null, previewRequestId ?? '');

  useEffect(() => {
    if (!open) return;
    setError(null);
    if (!required) setTemplateId('');
  }, [open, required]);
  // A required template: the first (preferred) one is preselected once the list is there.
  useEffect(() => {
    if (open && required && !choices.some((t) => t.id === templateId)) setTemplateId(choices[0]?.id ?? '');
  }, [open, required, choices, templateId]);

  const submit = async () => {
    if (required && !chosen) return setError('Choose the template whose text the customer receives.');
    setBusy(true);
    setError(null);
    try {
      await props.run(props.body(chosen?.id ?? null));
      props.onClose();
    } catch (err) {
      setError(props.onError?.(err) ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={props.title}
      submitLabel="Approve"
      busy={busy}
      // an Approve pressed before the templates arrive would find none chosen
      submitDisabled={templates.isPending}
      error={error}
      maxWidth={previewRequestId ? 'md' : 'sm'}
      onClose={props.onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {props.intro && <Typography variant="body2">{props.intro}</Typography>}
      {templates.isPending && <Skeleton height={56} />}
      {templates.isError && (
        <Alert
          severity={required ? 'error' : 'warning'}
        >{`The templates cannot be read: ${errorMessage(templates.error)}`}</Alert>
      )}
      {required && templates.data && !choices.length && (
        <Alert severity="warning">
          The product has no subscription templates. Add one in the product's Templates tab, then approve.
        </Alert>
      )}
      {templates.data && (choices.length > 0 || !required) && (
        <TextField
          select
          label={props.label}
          required={required}
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          disabled={busy}
          helperText={props.helper}
        >
          {!required && <option value="">No template</option>}
          {choices.map((t) => (
            <option key={t.id} value={t.id}>
              {required && t.type ? `${t.name} (${TYPE_NOTE[t.type]})` : t.name}
            </option>
          ))}
        </TextField>
      )}
      {chosen && previewRequestId && (
        <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50', maxHeight: 360, overflow: 'auto' }}>
          <Typography variant="overline" color="text.secondary">
            Preview
          </Typography>
          {preview.isPending && [1, 2, 3].map((i) => <Skeleton key={i} />)}
          {preview.isError && <Alert severity="error">{errorMessage(preview.error)}</Alert>}
          {typeof preview.data === 'string' && <RenderedHtml html={preview.data} label="Template preview" />}
        </Paper>
      )}
    </FormDialog>
  );
}
