import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { AgreementForm } from '@trellis/domain/partners/form';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { FormBuilder } from '../../../components/FormBuilder/index.ts';
import { FORMS_PATH, formPath } from './data.ts';

/** A refused save's messages: `schema.fields.N.…: message` by field index, the rest as they are. */
function saveProblems(err: unknown): { byField: Record<number, string[]>; other: string[] } {
  const errors =
    err instanceof ApiError && Array.isArray((err.text as { errors?: unknown } | null)?.errors)
      ? ((err.text as { errors: unknown[] }).errors.filter((e) => typeof e === 'string') as string[])
      : [errorMessage(err)];
  const byField: Record<number, string[]> = {};
  const other: string[] = [];
  for (const e of errors) {
    const m = /^schema\.fields\.(\d+)\.([\w.]+): ([\s\S]+)$/.exec(e);
    if (m) (byField[Number(m[1])] ??= []).push(`${m[2]}: ${m[3]}`);
    else other.push(e);
  }
  return { byField, other };
}

const same = (a: FormSchema, b: FormSchema) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form's fields in the builder: changes stay on the page until Save, which makes a new version (partners who
 * already answered keep the version they answered). Read-only for whoever may not change the form.
 */
export function FieldsTab({ form, editable }: { form: AgreementForm; editable: boolean }) {
  const [draft, setDraft] = useState<FormSchema>(form.schema);
  const [problems, setProblems] = useState<ReturnType<typeof saveProblems>>({ byField: {}, other: [] });
  // a saved (or elsewhere changed) form starts the builder again from what is stored
  useEffect(() => {
    setDraft(form.schema);
    setProblems({ byField: {}, other: [] });
  }, [form.id, form.version, form.schema]);
  const save = useWrite<AgreementForm, FormSchema>(
    { method: 'PUT', path: formPath(form.id), body: (schema) => ({ schema }) },
    { objects: [formPath(form.id)], lists: [FORMS_PATH, `${formPath(form.id)}/versions`] },
  );
  const dirty = !same(draft, form.schema);

  const submit = async () => {
    setProblems({ byField: {}, other: [] });
    try {
      const saved = await save.mutateAsync(draft);
      notify('success', `Saved: ${saved.name} is now at version ${saved.version}.`);
    } catch (err) {
      setProblems(saveProblems(err));
    }
  };

  return (
    <Box>
      {editable && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {dirty
              ? 'Unsaved changes. Saving makes version ' + (form.version + 1) + '.'
              : `Version ${form.version}. Each save is a new version; contracts keep the version their answers were given to.`}
          </Typography>
          <Button disabled={!dirty || save.isPending} onClick={() => setDraft(form.schema)}>
            Discard changes
          </Button>
          <Button variant="contained" disabled={!dirty || save.isPending} onClick={() => void submit()}>
            Save
          </Button>
        </Box>
      )}
      {problems.other.length > 0 && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {problems.other.join('\n')}
        </Alert>
      )}
      <FormBuilder value={draft} onChange={setDraft} readOnly={!editable} fieldErrors={problems.byField} />
    </Box>
  );
}
