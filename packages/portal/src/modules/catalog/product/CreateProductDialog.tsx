import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ProductCreate, type Product } from '@trellis/domain/catalog/product';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useCategories } from '../common/data.ts';
import { EMPTY_SELECT } from '../common/selects.ts';

const CreateForm = z.object({
  name: ProductCreate.shape.name,
  short_description: z.string().max(512, 'Input must be at most 512 characters'),
  category: z.string(),
});
type CreateForm = z.infer<typeof CreateForm>;

/** A new draft product: name, short description, category. */
export function CreateProductDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (p: Product) => void }) {
  const client = useQueryClient();
  const categories = useCategories();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CreateForm>({ resolver: zodResolver(CreateForm), defaultValues: { name: '', short_description: '', category: '' } });
  const { register, control, handleSubmit, reset, formState: { errors, isSubmitting } } = form;
  useEffect(() => {
    if (!open) return;
    reset({ name: '', short_description: '', category: '' });
    setError(null);
  }, [open, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const created = await api.post<Product>('/products', {
        name: v.name.trim(), short_description: v.short_description.trim(), ...(v.category ? { category: { id: v.category } } : {}),
      });
      void client.invalidateQueries({ queryKey: ['list'] });
      onCreated(created);
    } catch (err) {
      setError(applyServerErrors(err, ['name', 'short_description', 'category'], form.setError));
    }
  });

  return (
    <FormDialog open={open} title="Create product" submitLabel="Create" busy={isSubmitting} error={error} onClose={onClose} onSubmit={submit}>
      <TextField label="Name" required autoFocus fullWidth {...register('name')} error={!!errors.name}
        helperText={errors.name?.message ?? 'At most 80 characters.'} />
      <TextField label="Short description" fullWidth multiline minRows={2} {...register('short_description')}
        error={!!errors.short_description} helperText={errors.short_description?.message} />
      <Controller name="category" control={control} render={({ field }) => (
        <TextField select label="Category" fullWidth {...field} slotProps={EMPTY_SELECT} error={!!errors.category} helperText={errors.category?.message}>
          <MenuItem value=""><em>None</em></MenuItem>
          {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.parent ? `${c.parent.name} › ${c.name}` : c.name}</MenuItem>)}
        </TextField>
      )} />
    </FormDialog>
  );
}
