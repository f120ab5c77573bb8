import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TokenWrite, type Token } from '@trellis/domain/identity/token';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

const EditForm = z.object({ name: TokenWrite.shape.name, description: TokenWrite.shape.description });
type EditForm = z.infer<typeof EditForm>;

/** PUT /auth/tokens/{id} with a new name and description. */
export function EditTokenDialog({
  token,
  onClose,
  onSaved,
}: {
  token: Token | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EditForm>({ resolver: zodResolver(EditForm), defaultValues: { name: '', description: '' } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (token) {
      reset({ name: token.name, description: token.description ?? '' });
      setError(null);
    }
  }, [token, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await api.put(`/auth/tokens/${token!.id}`, { name: v.name.trim(), description: v.description?.trim() ?? '' });
      await client.invalidateQueries({ queryKey: ['get'] });
      void client.invalidateQueries({ queryKey: ['list'] });
      onSaved();
    } catch (err) {
      setError(applyServerErrors(err, ['name', 'description'], form.setError));
    }
  });

  return (
    <FormDialog
      open={!!token}
      title="Edit token"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save"
      busy={isSubmitting}
      error={error}
    >
      <TextField
        label="Name"
        required
        autoFocus
        fullWidth
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message}
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
    </FormDialog>
  );
}
