import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDate } from '@trellis/domain/format/date';
import { ProductCreate, type Product } from '@trellis/domain/catalog/product';
import { api } from '../../../api/client.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useCategories } from '../common/data.ts';
import { notify } from '../common/notify.ts';
import { ProductIcon } from './ProductIcon.tsx';
import { EMPTY_SELECT } from '../common/selects.ts';

const GeneralForm = z.object({
  name: ProductCreate.shape.name,
  short_description: z.string().max(512, 'Input must be at most 512 characters'),
  detailed_description: z.string().max(4096, 'Input must be at most 4096 characters'),
  category: z.string(),
  external_id: z.string().max(100, 'Input must be at most 100 characters'),
});
type GeneralForm = z.infer<typeof GeneralForm>;
const FIELDS = ['name', 'short_description', 'detailed_description', 'category', 'external_id'] as const;

const toForm = (p: Product): GeneralForm => ({
  name: p.name, short_description: p.short_description, detailed_description: p.detailed_description,
  category: p.category?.id ?? '', external_id: p.external_id ?? '',
});

/** Name, descriptions, category, icon and external id; a form for the owning vendor, a read-out for everyone else. */
export function GeneralTab({ product, readOnly }: { product: Product; readOnly: boolean }) {
  const auth = useAuth();
  const hour12 = auth.user?.timeformat === '12h';
  const when = (ev?: { at?: string; by?: { name?: string } | null }) =>
    (ev?.at ? [formatDate(ev.at, { hour12 }), ev.by?.name].filter(Boolean).join(' by ') : null);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {readOnly ? (
          <Stack spacing={3}>
            <ProductIcon productId={product.id} icon={product.icon} name={product.name} readOnly />
            <FieldList items={[
              { label: 'Name', value: product.name },
              { label: 'Short description', value: product.short_description },
              { label: 'Detailed description', value: <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{product.detailed_description}</Box> },
              { label: 'Category', value: product.category?.name ?? product.category?.id },
              { label: 'External ID', value: product.external_id },
            ]} />
          </Stack>
        ) : <GeneralEditor product={product} />}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <CopyField label="Product ID" value={product.id} />
          <Divider />
          <FactList items={[
            { label: 'Vendor', value: product.owner?.name ?? product.owner?.id },
            { label: 'Master version', value: product.version ? String(product.version) : 'Not built yet' },
            { label: 'Published', value: when(product.events?.published) ?? (product.published_at ? formatDate(product.published_at, { hour12 }) : null) },
            { label: 'Created', value: when(product.events?.created) },
            { label: 'Updated', value: when(product.events?.updated) },
            ...(product.end_of_sale_notes ? [{ label: 'End of sale notes', value: product.end_of_sale_notes }] : []),
            ...(product.replacement ? [{ label: 'Replacement', value: product.replacement.name ?? product.replacement.id }] : []),
          ]} />
        </Stack>
      </Paper>
    </Box>
  );
}

/** Label over value: fits the narrow side card. */
function FactList({ items }: { items: { label: string; value: string | null | undefined }[] }) {
  return (
    <Stack spacing={1.25}>
      {items.map((i) => (
        <Box key={i.label}>
          <Typography variant="caption" color="text.secondary">{i.label}</Typography>
          <Typography variant="body2">{i.value || '—'}</Typography>
        </Box>
      ))}
    </Stack>
  );
}

function GeneralEditor({ product }: { product: Product }) {
  const client = useQueryClient();
  const categories = useCategories();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<GeneralForm>({ resolver: zodResolver(GeneralForm), defaultValues: toForm(product) });
  const { register, control, handleSubmit, reset, formState: { errors, isSubmitting, isDirty } } = form;
  useEffect(() => reset(toForm(product)), [product, reset]);

  const save = handleSubmit(async (v) => {
    setError(null);
    try {
      await api.put(`/products/${product.id}`, {
        name: v.name.trim(), short_description: v.short_description, detailed_description: v.detailed_description,
        category: v.category ? { id: v.category } : null, external_id: v.external_id.trim() || null,
      });
      notify('success', 'The product was saved.');
      await client.invalidateQueries({ queryKey: ['get'] });
      void client.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      setError(applyServerErrors(err, FIELDS, form.setError));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={save}>
      <ProductIcon productId={product.id} icon={product.icon} name={product.name} readOnly={false} />
      {error && <Typography color="error" role="alert" variant="body2">{error}</Typography>}
      <TextField label="Name" required fullWidth {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
      <TextField label="Short description" fullWidth multiline minRows={2} {...register('short_description')}
        error={!!errors.short_description} helperText={errors.short_description?.message ?? 'One or two sentences for catalogue listings.'} />
      <TextField label="Detailed description" fullWidth multiline minRows={5} {...register('detailed_description')}
        error={!!errors.detailed_description} helperText={errors.detailed_description?.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller name="category" control={control} render={({ field }) => (
          <TextField select label="Category" fullWidth {...field} slotProps={EMPTY_SELECT} error={!!errors.category} helperText={errors.category?.message}>
            <MenuItem value=""><em>None</em></MenuItem>
            {product.category && !categories.data?.some((c) => c.id === product.category!.id) && (
              <MenuItem value={product.category.id}>{product.category.name ?? product.category.id}</MenuItem>
            )}
            {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.parent ? `${c.parent.name} › ${c.name}` : c.name}</MenuItem>)}
          </TextField>
        )} />
        <TextField label="External ID" fullWidth {...register('external_id')} error={!!errors.external_id}
          helperText={errors.external_id?.message ?? "The product's id in your own systems."} />
      </Stack>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>Save</Button>
        <Button disabled={isSubmitting || !isDirty} onClick={() => reset(toForm(product))}>Discard changes</Button>
      </Box>
    </Stack>
  );
}
