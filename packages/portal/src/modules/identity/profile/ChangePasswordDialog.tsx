import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { zPassword } from '@trellis/domain/validation/password';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

const Schema = z
  .object({ old_password: z.string().min(1, REQUIRED), password: zPassword(), confirm: z.string() })
  .refine((v) => v.confirm.length > 0, { message: REQUIRED, path: ['confirm'] })
  .refine((v) => !v.confirm || v.password === v.confirm, { message: 'Passwords do not match', path: ['confirm'] });
type Form = z.infer<typeof Schema>;

/** Change the password (POST /auth/password/change): the other sessions of the user end, this one stays. */
export function ChangePasswordDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Form>({
    resolver: zodResolver(Schema),
    defaultValues: { old_password: '', password: '', confirm: '' },
  });
  const {
    register,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (open) {
      reset();
      setError(null);
    }
  }, [open, reset]);

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await api.post('/auth/password/change', { old_password: v.old_password, password: v.password });
      onDone();
    } catch (err) {
      setError(applyServerErrors(err, ['old_password', 'password'], setFieldError));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Change password"
      submitLabel="Change password"
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      maxWidth="xs"
    >
      <PlainTextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus
        fullWidth
        error={!!errors.old_password}
        helperText={errors.old_password?.message}
        {...register('old_password')}
      />
      <PlainTextField
        label="New password"
        type="password"
        autoComplete="new-password"
        fullWidth
        error={!!errors.password}
        helperText={errors.password?.message ?? 'At least 8 characters, with a letter and a digit.'}
        {...register('password')}
      />
      <PlainTextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        fullWidth
        error={!!errors.confirm}
        helperText={errors.confirm?.message}
        {...register('confirm')}
      />
    </FormDialog>
  );
}
