import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  WEBHOOK_OBJECT_CLASSES,
  WEBHOOK_OBJECT_CLASS_LABELS,
  WEBHOOK_TYPES,
  WEBHOOK_TYPE_LABELS,
  validatorClassOf,
  webhookResource,
  type Webhook,
  type WebhookType,
} from '@trellis/domain/notifications/webhook';
import { useWrite } from '../../api/useWrite.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { HeadersField } from './HeadersField.tsx';
import { ProductSelect } from './ProductSelect.tsx';
import { SecretField } from './SecretField.tsx';
import { webhookApiPath } from './paths.ts';
import {
  newWebhookValues,
  placeServerErrors,
  webhookBody,
  webhookFormSchema,
  webhookValues,
  type WebhookForm,
} from './webhookForm.ts';

export interface WebhookDialogProps {
  open: boolean;
  /** The webhook to change; none: a new one. */
  webhook?: Webhook | null;
  onClose: () => void;
  onSaved: (webhook: Webhook) => void;
}

/** Add or edit a webhook: what it hears about, where it calls, how calls are signed, and the headers they carry. */
export function WebhookDialog({ open, webhook, onClose, onSaved }: WebhookDialogProps) {
  const editing = !!webhook;
  const [error, setError] = useState<string | null>(null);
  const path = webhook ? webhookApiPath(webhook.id) : webhookResource.path;
  const save = useWrite<Webhook, ReturnType<typeof webhookBody>>(
    { method: editing ? 'PUT' : 'POST', path },
    { objects: editing ? [path] : [] },
  );
  const resolver = useMemo(() => zodResolver(webhookFormSchema(editing)), [editing]);
  const form = useForm<WebhookForm>({ resolver, defaultValues: newWebhookValues() });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    setError(null);
    reset(webhook ? webhookValues(webhook) : newWebhookValues());
  }, [open, webhook, reset]);

  // a validator validates one class of objects: the type decides it
  const fixedClass = validatorClassOf(watch('type'));
  const changeType = (type: WebhookType) => {
    setValue('type', type);
    const cls = validatorClassOf(type);
    if (cls) setValue('object_class', cls, { shouldValidate: form.formState.isSubmitted });
  };

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      onSaved(await save.mutateAsync(webhookBody(values, editing)));
    } catch (err) {
      setError(placeServerErrors(err, values.headers, form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit webhook' : 'Add webhook'}
      submitLabel={editing ? 'Save' : 'Add'}
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      error={error}
      maxWidth="md"
    >
      <TextField
        label="Label"
        required
        autoFocus
        fullWidth
        {...register('label')}
        error={!!errors.label}
        helperText={errors.label?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <TextField
              select
              label="Type"
              fullWidth
              value={field.value}
              onChange={(e) => changeType(e.target.value as WebhookType)}
              error={!!errors.type}
              helperText={errors.type?.message ?? 'An event webhook hears of changes; a validator checks a draft.'}
            >
              {WEBHOOK_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {WEBHOOK_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="object_class"
          render={({ field }) => (
            <TextField
              select
              label="Objects"
              required
              fullWidth
              value={field.value}
              disabled={!!fixedClass}
              onChange={field.onChange}
              error={!!errors.object_class}
              helperText={errors.object_class?.message ?? (fixedClass ? 'Set by the type.' : undefined)}
            >
              {WEBHOOK_OBJECT_CLASSES.map((c) => (
                <MenuItem key={c} value={c}>
                  {WEBHOOK_OBJECT_CLASS_LABELS[c]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <Controller
        control={control}
        name="product_id"
        render={({ field }) => (
          <ProductSelect
            value={field.value}
            onChange={field.onChange}
            current={webhook?.product}
            error={errors.product_id?.message}
          />
        )}
      />
      <TextField
        label="URL"
        required
        fullWidth
        placeholder="https://"
        inputMode="url"
        {...register('external_url')}
        error={!!errors.external_url}
        helperText={
          errors.external_url?.message ?? 'Called with POST over https; private and loopback addresses are refused.'
        }
      />
      <Controller
        control={control}
        name="jwt_secret"
        render={({ field }) => (
          <SecretField
            value={field.value}
            onChange={field.onChange}
            keeps={editing}
            error={errors.jwt_secret?.message}
          />
        )}
      />
      <TextField
        label="Description"
        fullWidth
        multiline
        minRows={2}
        {...register('description')}
        error={!!errors.description}
        helperText={errors.description?.message}
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            label="Active"
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          />
        )}
      />
      <HeadersField control={control} register={register} errors={errors.headers} />
    </FormDialog>
  );
}
