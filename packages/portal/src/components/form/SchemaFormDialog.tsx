import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../FormDialog.tsx';
import { bodyOf, emptyValues, formFields, type FormField } from './schemaForm.ts';
import { applyServerErrors } from './serverErrors.ts';

type Values = Record<string, unknown>;

/** Validates what would be sent with the same zod schema the server uses, so both give the same messages. */
function schemaResolver(schema: z.ZodType, fields: readonly FormField[]): Resolver<Values> {
  return async (values) => {
    const parsed = schema.safeParse(bodyOf(fields, values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** `yyyy-mm-ddThh:mm` in local time, as a datetime-local input holds it. */
const localInput = (iso: unknown) => {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export interface SchemaFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The body schema (the declaration's); fields with a title in their metadata are asked for. */
  schema: z.ZodType;
  /** Values the form starts from (e.g. the object's current ones). */
  defaults?: Values;
  intro?: ReactNode;
  /** Sends the body; a 400's field messages land on their fields, anything else above the form. */
  onSubmit: (body: Values) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog holding the form of a body schema: reset on open, validated like the server, errors on the fields. */
export function SchemaFormDialog({
  open,
  title,
  submitLabel,
  schema,
  defaults,
  intro,
  onSubmit,
  onClose,
}: SchemaFormDialogProps) {
  const fields = useMemo(() => formFields(schema), [schema]);
  const resolver = useMemo(() => schemaResolver(schema, fields), [schema, fields]);
  const form = useForm<Values>({ resolver, defaultValues: { ...emptyValues(fields), ...defaults } });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    form.reset({ ...emptyValues(fields), ...defaults });
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens, with the values of then
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(bodyOf(fields, values));
      onClose();
    } catch (err) {
      setError(
        applyServerErrors(
          err,
          fields.map((f) => f.name),
          form.setError,
        ),
      );
    }
  });

  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={submitLabel}
      busy={form.formState.isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {intro && <Typography variant="body2">{intro}</Typography>}
      {fields.map((f) => (
        <Controller
          key={f.name}
          name={f.name}
          control={form.control}
          render={({ field, fieldState }) =>
            f.kind === 'bool' ? (
              <FormControlLabel
                label={f.label}
                control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            ) : (
              <TextField
                label={f.label}
                required={f.required}
                fullWidth
                select={f.kind === 'select'}
                multiline={f.kind === 'multiline'}
                minRows={f.kind === 'multiline' ? 3 : undefined}
                type={f.kind === 'datetime' ? 'datetime-local' : f.kind === 'number' ? 'number' : 'text'}
                value={f.kind === 'datetime' ? localInput(field.value) : (field.value ?? '')}
                onChange={(e) =>
                  field.onChange(
                    f.kind === 'datetime' && e.target.value ? new Date(e.target.value).toISOString() : e.target.value,
                  )
                }
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? f.description}
                slotProps={f.kind === 'datetime' ? { inputLabel: { shrink: true } } : undefined}
              >
                {f.options?.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )
          }
        />
      ))}
    </FormDialog>
  );
}
