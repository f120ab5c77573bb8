import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ItemGroupCreate, type ItemGroup } from '@trellis/domain/catalog/item';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

const GroupForm = z.object({ name: ItemGroupCreate.shape.name, mpn: ItemGroupCreate.shape.mpn, description: z.string().max(4096, 'Input must be at most 4096 characters') });
type GroupForm = z.infer<typeof GroupForm>;

export interface ItemGroupDialogProps {
  productId: string;
  open: boolean;
  group?: ItemGroup | null;
  onClose: () => void;
  onSaved: (group: ItemGroup) => void;
}

/** Create (POST) or edit (PUT) an item group: name, MPN, description. */
export function ItemGroupDialog({ productId, open, group, onClose, onSaved }: ItemGroupDialogProps) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<GroupForm>({ resolver: zodResolver(GroupForm), defaultValues: { name: '', mpn: '', description: '' } });
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = form;
  useEffect(() => {
    if (!open) return;
    reset({ name: group?.name ?? '', mpn: group?.mpn ?? '', description: group?.description ?? '' });
    setError(null);
  }, [open, group, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    const base = `/products/${productId}/item-groups`;
    try {
      const saved = group ? await api.put<ItemGroup>(`${base}/${group.id}`, v) : await api.post<ItemGroup>(base, v);
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['get'] });
      onSaved(saved);
    } catch (err) {
      setError(applyServerErrors(err, ['name', 'mpn', 'description'], form.setError));
    }
  });

  return (
    <FormDialog open={open} title={group ? 'Edit item group' : 'Create item group'} onClose={onClose} onSubmit={submit}
      submitLabel={group ? 'Save' : 'Create'} busy={isSubmitting} error={error}>
      <TextField label="Name" required autoFocus fullWidth {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
      <TextField label="MPN" required fullWidth {...register('mpn')} error={!!errors.mpn} helperText={errors.mpn?.message} />
      <TextField label="Description" fullWidth multiline minRows={2} {...register('description')} error={!!errors.description}
        helperText={errors.description?.message} />
    </FormDialog>
  );
}
