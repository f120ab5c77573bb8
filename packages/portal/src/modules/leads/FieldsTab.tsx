import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import type { LeadForm } from '@trellis/domain/leads/lead-form';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { useWrite } from '../../api/useWrite.ts';
import { FormBuilder } from '../../components/FormBuilder/index.ts';

/** The server's `schema.fields.<n>.…: message` refusals, by field position (the builder marks those fields). */
export function fieldErrorsOf(err: unknown): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  if (!(err instanceof ApiError)) return out;
  for (const [key, messages] of Object.entries(err.fieldErrors)) {
    const m = /^schema\.fields\.(\d+)(?:\.(.+))?$/.exec(key);
    if (m) (out[Number(m[1])] ??= []).push(...messages.map((x) => (m[2] ? `${m[2]}: ${x}` : x)));
  }
  return out;
}

/**
 * The form's fields in the shared form builder (with its live preview); changes are kept here until Save. Visitors
 * of an active form see a saved change at once.
 */
export function FieldsTab({ form, canWrite }: { form: LeadForm; canWrite: boolean }) {
  const [draft, setDraft] = useState<FormSchema>(form.schema);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => setDraft(form.schema), [form.schema]);
  const save = useWrite<LeadForm, FormSchema>(
    { method: 'PUT', path: `/leads/forms/${form.id}`, body: (schema) => ({ schema }) },
    { objects: [`/leads/forms/${form.id}`], notice: (f) => `The fields of ${f.name} are saved.` },
  );
  const changed = JSON.stringify(draft) !== JSON.stringify(form.schema);
  const fieldErrors = fieldErrorsOf(error);
  return (
    <Stack spacing={2}>
      {error !== null && !Object.keys(fieldErrors).length && (
        <Alert severity="error" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {form.status === 'active' && canWrite && (
        <Alert severity="info">This form is active: saved changes show to visitors at once.</Alert>
      )}
      <FormBuilder value={draft} onChange={setDraft} readOnly={!canWrite} fieldErrors={fieldErrors} />
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button disabled={!changed || save.isPending} onClick={() => (setDraft(form.schema), setError(null))}>
            Discard changes
          </Button>
          <Button
            variant="contained"
            disabled={!changed || save.isPending}
            onClick={() => {
              setError(null);
              save.mutate(draft, { onError: setError });
            }}
          >
            Save fields
          </Button>
        </Box>
      )}
    </Stack>
  );
}
