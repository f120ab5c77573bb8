import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TokenWrite, type Token } from '@trellis/domain/identity/token';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ModuleCheckboxes } from '../../../components/ModuleCheckboxes.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useModules } from '../data.ts';
import { endOfDayIso, tomorrow } from './dates.ts';

const TokenForm = z.object({
  name: TokenWrite.shape.name,
  description: TokenWrite.shape.description,
  expiration_date: z.string(),
  permissions: z.array(z.string()),
});
type TokenForm = z.infer<typeof TokenForm>;
const EMPTY: TokenForm = { name: '', description: '', expiration_date: '', permissions: [] };

/** POST /auth/tokens; the answer carries the key once, which the caller shows (see SecretDialog). */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: Token) => void;
}) {
  const client = useQueryClient();
  const modules = useModules();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TokenForm>({ resolver: zodResolver(TokenForm), defaultValues: EMPTY });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const close = () => {
    reset(EMPTY);
    setError(null);
    onClose();
  };
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const token = await api.post<Token>('/auth/tokens', {
        name: v.name.trim(),
        ...(v.description?.trim() ? { description: v.description.trim() } : {}),
        ...(v.expiration_date ? { expiration_date: endOfDayIso(v.expiration_date) } : {}),
        permissions: v.permissions,
      });
      void client.invalidateQueries({ queryKey: ['list'] });
      reset(EMPTY);
      onCreated(token);
    } catch (err) {
      setError(applyServerErrors(err, ['name', 'description', 'expiration_date', 'permissions'], form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Create API token"
      onClose={close}
      onSubmit={submit}
      submitLabel="Create"
      busy={isSubmitting}
      error={error}
      maxWidth="md"
    >
      <TextField
        label="Name"
        required
        autoFocus
        fullWidth
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message ?? 'Say what uses it, e.g. "CI pipeline".'}
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
      <TextField
        label="Expires on"
        type="date"
        {...register('expiration_date')}
        error={!!errors.expiration_date}
        helperText={errors.expiration_date?.message ?? 'Leave empty for a token that does not expire.'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow() } }}
        sx={{ maxWidth: 260 }}
      />
      <Controller
        name="permissions"
        control={control}
        render={({ field }) => (
          <ModuleCheckboxes
            modules={modules.data ?? []}
            value={field.value}
            disabled={isSubmitting}
            onToggle={(id, checked) =>
              field.onChange(checked ? [...field.value, id] : field.value.filter((x) => x !== id))
            }
          />
        )}
      />
      {errors.permissions && (
        <Typography color="error" variant="caption">
          {errors.permissions.message}
        </Typography>
      )}
    </FormDialog>
  );
}
