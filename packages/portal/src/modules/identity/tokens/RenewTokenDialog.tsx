import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TOKEN_RENEW_DAYS, type Token } from '@trellis/domain/identity/token';
import { formatDate } from '@trellis/domain/format/date';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { endOfDayIso, tomorrow } from './dates.ts';

const RenewForm = z.object({ expiration_date: z.string() });
type RenewForm = z.infer<typeof RenewForm>;

/** POST /auth/tokens/{id}/renew: to the chosen date, or (left empty) 30 days past the current expiration. */
export function RenewTokenDialog({
  token,
  onClose,
  onRenewed,
  hour12,
}: {
  token: Token | null;
  onClose: () => void;
  onRenewed: (t: Token) => void;
  hour12?: boolean;
}) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RenewForm>({ resolver: zodResolver(RenewForm), defaultValues: { expiration_date: '' } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (token) {
      reset({ expiration_date: '' });
      setError(null);
    }
  }, [token, reset]);

  const submit = handleSubmit(async ({ expiration_date }) => {
    setError(null);
    try {
      const renewed = await api.post<Token>(
        `/auth/tokens/${token!.id}/renew`,
        expiration_date ? { expiration_date: endOfDayIso(expiration_date) } : {},
      );
      await client.invalidateQueries({ queryKey: ['get'] });
      void client.invalidateQueries({ queryKey: ['list'] });
      onRenewed(renewed);
    } catch (err) {
      setError(applyServerErrors(err, ['expiration_date'], form.setError));
    }
  });

  const expires = token?.expiration_date ? formatDate(token.expiration_date, { hour12 }) : null;
  return (
    <FormDialog
      open={!!token}
      title="Renew token"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Renew"
      busy={isSubmitting}
      error={error}
      maxWidth="xs"
    >
      <TextField
        label="New expiration date"
        type="date"
        fullWidth
        {...register('expiration_date')}
        error={!!errors.expiration_date}
        helperText={
          errors.expiration_date?.message ??
          (expires
            ? `Now expires ${expires}. Leave empty to extend it by ${TOKEN_RENEW_DAYS} days.`
            : 'This token never expires; pick the date it should expire.')
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow() } }}
      />
    </FormDialog>
  );
}
