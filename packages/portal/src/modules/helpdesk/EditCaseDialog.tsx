import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Case } from '@trellis/domain/helpdesk/case';
import { api } from '../../api/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { applyServerErrors } from '../../components/form/serverErrors.ts';
import { MarkdownField } from '../../components/markdown/MarkdownField.tsx';
import {
  DESCRIPTION_HELP,
  EDIT_CASE_FIELDS,
  EditCaseForm,
  PRIORITY_CHOICES,
  TYPE_CHOICES,
  TYPE_HELP,
  editCaseBody,
  editCaseValues,
} from './caseForm.ts';
import { ChoiceField } from './ChoiceField.tsx';

export interface EditCaseDialogProps {
  open: boolean;
  obj: Case;
  /** The account's side of the case: the issuer changes everything here, the receiver the priority. */
  side: 'issuer' | 'receiver';
  path: string;
  onClose: () => void;
  onSaved: (c: Case) => void;
}

/** Change an open case: its subject, type and description (the issuer's) and its priority (either party's). */
export function EditCaseDialog({ open, obj, side, path, onClose, onSaved }: EditCaseDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EditCaseForm>({ resolver: zodResolver(EditCaseForm), defaultValues: editCaseValues(obj) });
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    setError(null);
    reset(editCaseValues(obj));
  }, [open, obj, reset]);

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      onSaved(await api.put<Case>(path, editCaseBody(values, side)));
    } catch (err) {
      setError(applyServerErrors(err, EDIT_CASE_FIELDS, form.setError));
    }
  });

  const issuer = side === 'issuer';
  return (
    <FormDialog
      open={open}
      title={issuer ? 'Edit case' : 'Change priority'}
      submitLabel="Save"
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      error={error}
      maxWidth={issuer ? 'md' : 'xs'}
    >
      {issuer && (
        <TextField
          label="Subject"
          required
          fullWidth
          {...register('subject')}
          error={!!errors.subject}
          helperText={errors.subject?.message}
        />
      )}
      {issuer && (
        <ChoiceField control={control} name="type" label="Type" choices={TYPE_CHOICES} helperText={TYPE_HELP} />
      )}
      <ChoiceField control={control} name="priority" label="Priority" choices={PRIORITY_CHOICES} />
      {issuer && (
        <MarkdownField
          control={control}
          name="description"
          label="Description (Markdown)"
          helperText={DESCRIPTION_HELP}
          error={errors.description?.message}
        />
      )}
    </FormDialog>
  );
}
