import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ProductCreate, productResource, type Product } from '@trellis/domain/catalog/product';
import { useWrite } from '../../../api/useWrite.ts';
import { CopyField } from '../../../components/CopyField.tsx';
import { fieldLabel, renderField } from '../../../components/display/FieldValue.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useCategories } from '../common/data.ts';
import { useDisplay } from '../common/useDisplay.ts';
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
  name: p.name,
  short_description: p.short_description,
  detailed_description: p.detailed_description,
  category: p.category?.id ?? '',
  external_id: p.external_id ?? '',
});

/** The side card's facts about the product (declared fields), then the end of sale when there is one. */
const FACTS = ['owner', 'version', 'published_at', 'events.created.at', 'events.updated.at'] as const;

/** Name, descriptions, category, icon and external id; a form for the owning vendor, a read-out for everyone else. */
export function GeneralTab({ product, readOnly }: { product: Product; readOnly: boolean }) {
  const display = useDisplay();
  const field = (key: string) => ({
    label: fieldLabel(productResource.fields![key], display.viewer),
    value: renderField(productResource, key, product, display),
  });
  const facts = [
    ...FACTS.map(field),
    ...(product.end_of_sale_notes ? [field('end_of_sale_notes')] : []),
    ...(product.replacement ? [field('replacement')] : []),
  ];
  // a product not built yet has version 0
  facts[1] = { label: 'Master version', value: product.version ? String(product.version) : 'Not built yet' };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {readOnly ? (
          <Stack spacing={3}>
            <ProductIcon productId={product.id} icon={product.icon} name={product.name} readOnly />
            <FieldList items={productResource.detail!.fields.map(field)} />
          </Stack>
        ) : (
          <GeneralEditor product={product} />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <CopyField label="Product ID" value={product.id} />
          <Divider />
          <FactList items={facts} />
        </Stack>
      </Paper>
    </Box>
  );
}

/** Label over value: fits the narrow side card. */
function FactList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Stack spacing={1.25}>
      {items.map((i) => (
        <Box key={i.label}>
          <Typography variant="caption" color="text.secondary">
            {i.label}
          </Typography>
          <Typography variant="body2" component="div">
            {i.value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function GeneralEditor({ product }: { product: Product }) {
  const save$ = useWrite<Product, Record<string, unknown>>(
    { method: 'PUT', path: `/products/${product.id}` },
    { objects: [`/products/${product.id}`], notice: () => 'The product was saved.' },
  );
  const categories = useCategories();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<GeneralForm>({ resolver: zodResolver(GeneralForm), defaultValues: toForm(product) });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => reset(toForm(product)), [product, reset]);

  const save = handleSubmit(async (v) => {
    setError(null);
    try {
      await save$.mutateAsync({
        name: v.name.trim(),
        short_description: v.short_description,
        detailed_description: v.detailed_description,
        category: v.category ? { id: v.category } : null,
        external_id: v.external_id.trim() || null,
      });
    } catch (err) {
      setError(applyServerErrors(err, FIELDS, form.setError));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={save}>
      <ProductIcon productId={product.id} icon={product.icon} name={product.name} readOnly={false} />
      {error && (
        <Typography color="error" role="alert" variant="body2">
          {error}
        </Typography>
      )}
      <TextField
        label="Name"
        required
        fullWidth
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message}
      />
      <TextField
        label="Short description"
        fullWidth
        multiline
        minRows={2}
        {...register('short_description')}
        error={!!errors.short_description}
        helperText={errors.short_description?.message ?? 'One or two sentences for catalogue listings.'}
      />
      <TextField
        label="Detailed description"
        fullWidth
        multiline
        minRows={5}
        {...register('detailed_description')}
        error={!!errors.detailed_description}
        helperText={errors.detailed_description?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          name="category"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Category"
              fullWidth
              {...field}
              slotProps={EMPTY_SELECT}
              error={!!errors.category}
              helperText={errors.category?.message}
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {product.category && !categories.data?.some((c) => c.id === product.category!.id) && (
                <MenuItem value={product.category.id}>{product.category.name ?? product.category.id}</MenuItem>
              )}
              {(categories.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.parent ? `${c.parent.name} › ${c.name}` : c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="External ID"
          fullWidth
          {...register('external_id')}
          error={!!errors.external_id}
          helperText={errors.external_id?.message ?? "The product's id in your own systems."}
        />
      </Stack>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
          Save
        </Button>
        <Button disabled={isSubmitting || !isDirty} onClick={() => reset(toForm(product))}>
          Discard changes
        </Button>
      </Box>
    </Stack>
  );
}
