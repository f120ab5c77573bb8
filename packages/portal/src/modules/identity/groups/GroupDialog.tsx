import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { GROUP_NAME_MAX, GroupCreate, type Group } from '@trellis/domain/identity/group';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

const GroupForm = z.object({ name: GroupCreate.shape.name, description: GroupCreate.shape.description });
type GroupForm = z.infer<typeof GroupForm>;

export interface GroupDialogProps {
  accountId: string;
  open: boolean;
  /** The group to edit; none creates one. */
  group?: Group | null;
  onClose: () => void;
  onSaved: (group: Group) => void;
}

/** Create (POST) or edit (PUT) a group's name (at most 32 characters) and description. */
export function GroupDialog({ accountId, open, group, onClose, onSaved }: GroupDialogProps) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<GroupForm>({ resolver: zodResolver(GroupForm), defaultValues: { name: '', description: '' } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (open) {
      reset({ name: group?.name ?? '', description: group?.description ?? '' });
      setError(null);
    }
  }, [open, group, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    const body = { name: v.name.trim(), description: v.description?.trim() ?? '' };
    try {
      const saved = group
        ? await api.put<Group>(`/accounts/${accountId}/groups/${group.id}`, body)
        : await api.post<Group>(`/accounts/${accountId}/groups`, body);
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['get'] });
      onSaved(saved);
    } catch (err) {
      setError(applyServerErrors(err, ['name', 'description'], form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title={group ? 'Edit group' : 'Create group'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={group ? 'Save' : 'Create'}
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
        helperText={errors.name?.message ?? `At most ${GROUP_NAME_MAX} characters.`}
        slotProps={{ htmlInput: { maxLength: 64 } }}
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
