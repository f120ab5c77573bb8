import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { AccountUserCreate, type AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useAccountGroups } from '../data.ts';
import { GroupsSelect } from './GroupsSelect.tsx';

// The server's own rules (E-mail must be valid, name length); groups are picked as ids.
const InviteForm = z.object({
  email: AccountUserCreate.shape.email,
  name: AccountUserCreate.shape.name,
  groups: z.array(z.string()),
});
type InviteForm = z.infer<typeof InviteForm>;

export interface InviteUserDialogProps {
  accountId: string;
  open: boolean;
  onClose: () => void;
  onInvited: (user: AccountUser) => void;
}

/** Invite someone by e-mail: POST /accounts/{a}/users; the server mails the password-set link. */
export function InviteUserDialog({ accountId, open, onClose, onInvited }: InviteUserDialogProps) {
  const client = useQueryClient();
  const groups = useAccountGroups(accountId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<InviteForm>({
    resolver: zodResolver(InviteForm),
    defaultValues: { email: '', name: '', groups: [] },
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const close = () => {
    reset();
    setError(null);
    onClose();
  };
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const user = await api.post<AccountUser>(`/accounts/${accountId}/users`, {
        email: (v.email ?? '').trim(),
        ...(v.name?.trim() ? { name: v.name.trim() } : {}),
        groups: v.groups.map((id) => ({ id })),
      });
      void client.invalidateQueries({ queryKey: ['list'] });
      reset();
      onInvited(user);
    } catch (err) {
      setError(applyServerErrors(err, ['email', 'name', 'groups'], form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Invite user"
      onClose={close}
      onSubmit={submit}
      submitLabel="Send invitation"
      busy={isSubmitting}
      error={error}
    >
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        autoFocus
        required
        fullWidth
        {...register('email')}
        error={!!errors.email}
        helperText={errors.email?.message ?? 'The invitation with a link to set a password goes here.'}
      />
      <TextField
        label="Name"
        fullWidth
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message ?? 'Optional; the user can change it later.'}
      />
      <Controller
        name="groups"
        control={control}
        render={({ field }) => (
          <GroupsSelect
            groups={groups.data ?? []}
            value={field.value}
            onChange={field.onChange}
            error={errors.groups?.message}
            disabled={groups.isPending}
          />
        )}
      />
    </FormDialog>
  );
}
