import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ListingRequest } from '@trellis/domain/distribution/listing';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useListableProducts, useVisibleMarketplaces } from '../common/data.ts';
import { NoCountryAlert } from '../common/Marketplace.tsx';

const Form = z.object({
  product_id: z.string().min(1, REQUIRED),
  marketplace_id: z.string().min(1, REQUIRED),
  note: z.string().max(4096, 'Input must be at most 4096 characters'),
});
type Form = z.infer<typeof Form>;
const SELECT = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export interface RequestListingDialogProps {
  open: boolean;
  /** Preselected values (e.g. listing an unlisted product again). */
  productId?: string;
  marketplaceId?: string;
  onClose: () => void;
  onCreated: (r: ListingRequest) => void;
}

/** A vendor asks to list one of its published products in a partner's marketplace: the request starts as a draft. */
export function RequestListingDialog({
  open,
  productId,
  marketplaceId,
  onClose,
  onCreated,
}: RequestListingDialogProps) {
  const client = useQueryClient();
  const products = useListableProducts(open);
  const marketplaces = useVisibleMarketplaces(open);
  const [error, setError] = useState<string | null>(null);
  const blank = { product_id: productId ?? '', marketplace_id: marketplaceId ?? '', note: '' };
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: blank });
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    reset({ product_id: productId ?? '', marketplace_id: marketplaceId ?? '', note: '' });
    setError(null);
  }, [open, productId, marketplaceId, reset]);
  const picked = marketplaces.data?.find((m) => m.id === watch('marketplace_id'));

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const created = await api.post<ListingRequest>('/listing-requests', {
        type: 'new',
        product_id: v.product_id,
        marketplace_id: v.marketplace_id,
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
      });
      void client.invalidateQueries({ queryKey: ['list'] });
      onCreated(created);
    } catch (err) {
      setError(applyServerErrors(err, ['product_id', 'marketplace_id', 'note'], form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title="Request listing"
      submitLabel="Create request"
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <Controller
        name="product_id"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Product"
            required
            fullWidth
            {...field}
            slotProps={SELECT}
            error={!!errors.product_id}
            helperText={
              errors.product_id?.message ??
              (products.data?.length === 0
                ? 'You have no published product yet: build a version of one first.'
                : 'Your published products.')
            }
          >
            <MenuItem value="" disabled>
              <em>Choose a product</em>
            </MenuItem>
            {(products.data ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name} ({p.id})
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="marketplace_id"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Marketplace"
            required
            fullWidth
            {...field}
            slotProps={SELECT}
            error={!!errors.marketplace_id}
            helperText={errors.marketplace_id?.message ?? 'A marketplace of one of your partners.'}
          >
            <MenuItem value="" disabled>
              <em>Choose a marketplace</em>
            </MenuItem>
            {(marketplaces.data ?? []).map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name} · {m.owner.name ?? m.owner.id}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {picked && <NoCountryAlert marketplace={picked} />}
      <TextField
        label="Note"
        fullWidth
        multiline
        minRows={2}
        {...register('note')}
        error={!!errors.note}
        helperText={errors.note?.message ?? 'For the provider who reviews the request.'}
      />
    </FormDialog>
  );
}
