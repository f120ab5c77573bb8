import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CURRENCIES,
  MarketplaceCreate,
  ZONES,
  ZONE_LABELS,
  type Marketplace,
} from '@trellis/domain/distribution/marketplace';
import { api } from '../../../api/client.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { useCountries, useOwnHubs } from '../common/data.ts';

const Ref = z.object({ id: z.string(), name: z.string().optional() });
const Form = z.object({
  name: MarketplaceCreate.shape.name,
  description: z.string().max(4096, 'Input must be at most 4096 characters'),
  zone: z.string(),
  countries: z.array(Ref),
  currency: z.string().nullable(),
  hubs: z.array(Ref),
});
type Form = z.infer<typeof Form>;
const FIELDS = ['name', 'description', 'zone', 'countries', 'currency', 'hubs'] as const;

const initial = (m?: Marketplace | null): Form => ({
  name: m?.name ?? '',
  description: m?.description ?? '',
  zone: m?.zone ?? '',
  countries: m?.countries ?? [],
  currency: m?.currency ?? null,
  hubs: m?.hubs.map((h) => h.hub) ?? [],
});

export interface MarketplaceDialogProps {
  open: boolean;
  /** The marketplace to edit; none = create a new one. */
  marketplace?: Marketplace | null;
  onClose: () => void;
  onSaved: (m: Marketplace) => void;
}

/** Create or edit a provider's marketplace: name, description, zone, countries (from /countries), currency and hubs. */
export function MarketplaceDialog({ open, marketplace, onClose, onSaved }: MarketplaceDialogProps) {
  const auth = useAuth();
  const client = useQueryClient();
  const countries = useCountries();
  const hubs = useOwnHubs(auth.account.id, open);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: initial(marketplace) });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    reset(initial(marketplace));
    setError(null);
  }, [open, marketplace, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    // a hub kept from before keeps the external id the hub knows the marketplace by
    const externalId = (id: string) => marketplace?.hubs.find((h) => h.hub.id === id)?.external_id;
    const body = {
      name: v.name.trim(),
      description: v.description.trim() || null,
      zone: v.zone || null,
      countries: v.countries.map((c) => ({ id: c.id })),
      currency: v.currency,
      hubs: v.hubs.map((h) => ({ hub: { id: h.id }, ...(externalId(h.id) ? { external_id: externalId(h.id) } : {}) })),
    };
    try {
      const saved = marketplace
        ? await api.put<Marketplace>(`/marketplaces/${marketplace.id}`, body)
        : await api.post<Marketplace>('/marketplaces', body);
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['get', `/marketplaces/${saved.id}`] });
      onSaved(saved);
    } catch (err) {
      setError(applyServerErrors(err, FIELDS, form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title={marketplace ? 'Edit marketplace' : 'Create marketplace'}
      submitLabel={marketplace ? 'Save' : 'Create'}
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label="Name"
        required
        autoFocus
        fullWidth
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message}
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
      <Controller
        name="countries"
        control={control}
        render={({ field }) => (
          <Autocomplete
            multiple
            options={countries.data ?? []}
            loading={countries.isPending}
            value={field.value}
            getOptionLabel={(c) => c.name ?? c.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, v) => field.onChange(v.map((c) => ({ id: c.id, name: c.name })))}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Countries"
                error={!!errors.countries}
                helperText={
                  errors.countries?.message ?? 'Where the marketplace sells; a marketplace needs at least one.'
                }
              />
            )}
          />
        )}
      />
      <Controller
        name="currency"
        control={control}
        render={({ field }) => (
          <Autocomplete
            options={CURRENCIES}
            value={field.value}
            onChange={(_, v) => field.onChange(v)}
            renderInput={(params) => (
              <TextField {...params} label="Currency" error={!!errors.currency} helperText={errors.currency?.message} />
            )}
          />
        )}
      />
      <Controller
        name="zone"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Zone"
            fullWidth
            {...field}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            error={!!errors.zone}
            helperText={errors.zone?.message}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {ZONES.map((z) => (
              <MenuItem key={z} value={z}>
                {ZONE_LABELS[z] ?? z}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="hubs"
        control={control}
        render={({ field }) => (
          <Autocomplete
            multiple
            options={(hubs.data ?? []).map((h) => ({ id: h.id, name: h.name }))}
            loading={hubs.isPending}
            value={field.value}
            getOptionLabel={(h) => h.name ?? h.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, v) => field.onChange(v)}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Hubs"
                error={!!errors.hubs}
                helperText={errors.hubs?.message ?? 'The hubs that provision its orders.'}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
