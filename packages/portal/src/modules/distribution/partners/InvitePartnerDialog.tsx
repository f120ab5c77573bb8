import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PartnerCreate, type Partner } from '@trellis/domain/distribution/partner';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

type Form = { id: string };

/** Invite an account of the other kind (a vendor invites a provider, a provider a vendor) by its id. */
export function InvitePartnerDialog({
  open,
  side,
  onClose,
  onInvited,
}: {
  open: boolean;
  side: string;
  onClose: () => void;
  onInvited: (p: Partner) => void;
}) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(PartnerCreate), defaultValues: { id: '' } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    reset({ id: '' });
    setError(null);
  }, [open, reset]);
  const other = side === 'vendor' ? 'provider' : 'vendor';

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const invited = await api.post<Partner>('/partners', { id: v.id.trim() });
      void client.invalidateQueries({ queryKey: ['list'] });
      onInvited(invited);
    } catch (err) {
      setError(applyServerErrors(err, ['id'], form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Invite partner"
      submitLabel="Invite"
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        label="Account ID"
        required
        autoFocus
        fullWidth
        {...register('id')}
        error={!!errors.id}
        helperText={
          errors.id?.message ??
          `The ${other} account to work with (e.g. ${other === 'provider' ? 'PA-123-456' : 'VA-123-456'}); it accepts the invitation.`
        }
      />
    </FormDialog>
  );
}
