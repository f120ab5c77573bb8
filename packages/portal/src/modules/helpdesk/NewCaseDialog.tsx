import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { caseResource, type Case } from '@trellis/domain/helpdesk/case';
import { api } from '../../api/client.ts';
import { refetchAfterWrite } from '../../api/useWrite.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { applyServerErrors } from '../../components/form/serverErrors.ts';
import { MarkdownField } from '../../components/markdown/MarkdownField.tsx';
import {
  DESCRIPTION_HELP,
  NEW_CASE_FIELDS,
  NewCaseForm,
  PRIORITY_CHOICES,
  TYPE_CHOICES,
  TYPE_HELP,
  newCaseBody,
  newCaseDefaults,
} from './caseForm.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { useCasePartners } from './data.ts';
import { ProductField } from './ProductField.tsx';
import { ReceiverField } from './ReceiverField.tsx';

export interface NewCaseDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (c: Case) => void;
}

/**
 * Raise a case to a partner: who receives it, the subject, its type and priority, optionally the product it is about
 * (of the vendor among the two), and the description in markdown with the preview the partner will read.
 */
export function NewCaseDialog({ open, onClose, onCreated }: NewCaseDialogProps) {
  const client = useQueryClient();
  const partners = useCasePartners(open);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewCaseForm>({ resolver: zodResolver(NewCaseForm), defaultValues: newCaseDefaults() });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const receiver = useWatch({ control, name: 'receiver' });
  useEffect(() => {
    if (!open) return;
    setError(null);
    reset(newCaseDefaults());
  }, [open, reset]);
  // one partner: nothing to choose
  const only = partners.data?.length === 1 ? partners.data[0].id : undefined;
  useEffect(() => {
    if (open && only) setValue('receiver', only);
  }, [open, only, setValue]);

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const created = await api.post<Case>(caseResource.path, newCaseBody(values));
      await refetchAfterWrite(client, { lists: [caseResource.path] });
      onCreated(created);
    } catch (err) {
      setError(applyServerErrors(err, NEW_CASE_FIELDS, form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title="New case"
      submitLabel="Create case"
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      submitDisabled={partners.isPending || partners.data?.length === 0}
      error={error}
      maxWidth="md"
    >
      <Controller
        control={control}
        name="receiver"
        render={({ field }) => (
          <ReceiverField
            partners={partners}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              setValue('product', '');
            }}
            error={errors.receiver?.message}
          />
        )}
      />
      <TextField
        label="Subject"
        required
        fullWidth
        {...register('subject')}
        error={!!errors.subject}
        helperText={errors.subject?.message}
      />
      <ChoiceField control={control} name="type" label="Type" choices={TYPE_CHOICES} helperText={TYPE_HELP} />
      <ChoiceField control={control} name="priority" label="Priority" choices={PRIORITY_CHOICES} />
      <Controller
        control={control}
        name="product"
        render={({ field }) => (
          <ProductField
            partnerId={receiver || undefined}
            value={field.value}
            onChange={field.onChange}
            error={errors.product?.message}
          />
        )}
      />
      <MarkdownField
        control={control}
        name="description"
        label="Description (Markdown)"
        helperText={DESCRIPTION_HELP}
        error={errors.description?.message}
      />
    </FormDialog>
  );
}
