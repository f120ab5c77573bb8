import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { HUB_INSTANCE_TYPES, HubCreate, type Hub } from '@trellis/domain/distribution/hub';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

const max = (n: number) => z.string().max(n, `Input must be at most ${n} characters`);
const Form = z.object({
  name: HubCreate.shape.name,
  description: max(4096),
  instance_type: z.enum(HUB_INSTANCE_TYPES),
  instance_id: max(255),
  version: max(256),
  extension_version: max(256),
});
type Form = z.infer<typeof Form>;
const FIELDS = ['name', 'description', 'instance_type', 'instance_id', 'version', 'extension_version'] as const;
const INSTANCE_LABELS: Record<string, string> = {
  API: 'API (an integration calls the hub)',
  OA: 'OA (a commerce platform instance)',
};

const initial = (h?: Hub | null): Form => ({
  name: h?.name ?? '',
  description: h?.description ?? '',
  instance_type: h?.instance.type ?? 'API',
  instance_id: h?.instance.id ?? '',
  version: h?.version ?? '',
  extension_version: h?.extension_version ?? '',
});

export interface HubDialogProps {
  open: boolean;
  hub?: Hub | null;
  onClose: () => void;
  onSaved: (h: Hub) => void;
}

/** Create or edit a provider's hub: the system that provisions the orders of its marketplaces. */
export function HubDialog({ open, hub, onClose, onSaved }: HubDialogProps) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(Form), defaultValues: initial(hub) });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    reset(initial(hub));
    setError(null);
  }, [open, hub, reset]);

  const submit = handleSubmit(async (v) => {
    setError(null);
    const orNull = (s: string) => s.trim() || null;
    const body = {
      name: v.name.trim(),
      description: v.description.trim(),
      instance_type: v.instance_type,
      instance_id: orNull(v.instance_id),
      version: orNull(v.version),
      extension_version: orNull(v.extension_version),
    };
    try {
      const saved = hub ? await api.put<Hub>(`/hubs/${hub.id}`, body) : await api.post<Hub>('/hubs', body);
      void client.invalidateQueries({ queryKey: ['list'] });
      void client.invalidateQueries({ queryKey: ['get', `/hubs/${saved.id}`] });
      onSaved(saved);
    } catch (err) {
      setError(applyServerErrors(err, FIELDS, form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title={hub ? 'Edit hub' : 'Create hub'}
      submitLabel={hub ? 'Save' : 'Create'}
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
        name="instance_type"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Instance type"
            fullWidth
            {...field}
            error={!!errors.instance_type}
            helperText={errors.instance_type?.message}
          >
            {HUB_INSTANCE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {INSTANCE_LABELS[t] ?? t}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Instance ID"
        fullWidth
        {...register('instance_id')}
        error={!!errors.instance_id}
        helperText={errors.instance_id?.message ?? "How the hub's own system names this instance."}
      />
      <TextField
        label="Version"
        fullWidth
        {...register('version')}
        error={!!errors.version}
        helperText={errors.version?.message}
      />
      <TextField
        label="Extension version"
        fullWidth
        {...register('extension_version')}
        error={!!errors.extension_version}
        helperText={errors.extension_version?.message}
      />
    </FormDialog>
  );
}
