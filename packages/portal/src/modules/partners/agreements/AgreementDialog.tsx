import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  AGREEMENT_PARTNER,
  AGREEMENT_TYPE_LABELS,
  AGREEMENT_TYPES,
  AgreementCreate,
  AgreementUpdate,
  SELF_ENROLLED,
  type Agreement,
  type AgreementType,
} from '@trellis/domain/partners/agreement';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { EMPTY_SELECT } from '../../catalog/common/selects.ts';
import { DocumentFields, EMPTY_DOCUMENT, documentBody, type DocumentInput } from './document/DocumentFields.tsx';
import { useEnrollForms, useOwnMarketplaces } from './data.ts';

interface Values {
  type: AgreementType;
  title: string;
  description: string;
  marketplace: string;
  form: string;
  auto_accept: boolean;
  document: DocumentInput;
  active: boolean;
}

const blank: Values = {
  type: 'distribution',
  title: '',
  description: '',
  marketplace: '',
  form: '',
  auto_accept: false,
  document: EMPTY_DOCUMENT,
  active: true,
};

const fromAgreement = (a: Agreement): Values => ({
  ...blank,
  type: a.type,
  title: a.title,
  description: a.description,
  form: a.forms.enroll?.id ?? '',
  auto_accept: a.auto_accept,
});

/** Messages of a zod result or a 400, by the dialog's field (`document.text` → `text`). */
function byField(issues: { path: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of issues) {
    const key = path.startsWith('document.') ? path.slice('document.'.length) : path.split('.')[0];
    out[key] ??= message;
  }
  return out;
}
/** The dialog scrolls: bring the first field with a message into view (on a phone it may be far above). */
const showFirstError = () =>
  requestAnimationFrame(() =>
    document
      .querySelector('[role="dialog"] [aria-invalid="true"]')
      ?.closest('.MuiFormControl-root')
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
  );
const zodIssues = (r: z.ZodSafeParseResult<unknown>) =>
  r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

export interface AgreementDialogProps {
  open: boolean;
  /** The agreement to edit; a new one is created without it. */
  agreement?: Agreement;
  onClose: () => void;
  onSaved: (a: Agreement) => void;
}

/**
 * A provider's agreement: kind, title, the marketplace a distribution agreement covers, the enroll form partners
 * fill, auto accept, and (when created) the first version's document, activated at once unless kept as a draft.
 */
export function AgreementDialog({ open, agreement, onClose, onSaved }: AgreementDialogProps) {
  const auth = useAuth();
  const editing = !!agreement;
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const marketplaces = useOwnMarketplaces(auth.account.id, open && !editing);
  const forms = useEnrollForms(open);
  const path = editing ? `/agreements/${agreement.id}` : '/agreements';
  const save = useWrite<Agreement, object>(
    { method: editing ? 'PUT' : 'POST', path },
    { objects: editing ? [path] : [], notice: (a) => (editing ? `Agreement ${a.id} was saved.` : undefined) },
  );
  useEffect(() => {
    if (!open) return;
    setValues(agreement ? fromAgreement(agreement) : blank);
    setErrors({});
    setError(null);
  }, [open, agreement]);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const distribution = values.type === 'distribution';

  const body = () => {
    const common = {
      title: values.title,
      description: values.description,
      auto_accept: values.auto_accept,
      forms: { enroll: values.form ? { id: values.form } : null },
    };
    if (editing) return common;
    return {
      ...common,
      type: values.type,
      ...(distribution && values.marketplace ? { marketplace: { id: values.marketplace } } : {}),
      document: documentBody(values.document),
      active: values.active,
    };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const b = body();
    const local = byField(zodIssues((editing ? AgreementUpdate : AgreementCreate).safeParse(b)));
    if (!editing && distribution && !values.marketplace) local.marketplace = 'Choose the marketplace it covers.';
    setErrors(local);
    setError(null);
    if (Object.keys(local).length) return showFirstError();
    try {
      onSaved(await save.mutateAsync(b));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const placed = byField(Object.entries(fields).map(([path, m]) => ({ path, message: m[0] })));
      setErrors(placed);
      setError(Object.keys(placed).length ? null : errorMessage(err));
      showFirstError();
    }
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit agreement' : 'Create agreement'}
      submitLabel={editing ? 'Save' : 'Create'}
      busy={save.isPending}
      error={error}
      maxWidth="md"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {!editing && (
        <TextField
          select
          label="Type"
          required
          fullWidth
          value={values.type}
          onChange={(e) => set({ type: e.target.value as AgreementType })}
          error={!!errors.type}
          helperText={
            errors.type ??
            `${AGREEMENT_PARTNER[values.type] === 'vendor' ? 'Vendors' : 'Resellers'} ${
              SELF_ENROLLED.includes(values.type) ? 'enroll in it themselves' : 'sign it when you offer it to them'
            }.`
          }
        >
          {AGREEMENT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {AGREEMENT_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label="Title"
        required
        fullWidth
        value={values.title}
        onChange={(e) => set({ title: e.target.value })}
        error={!!errors.title}
        helperText={errors.title}
      />
      <TextField
        label="Description"
        fullWidth
        multiline
        minRows={2}
        value={values.description}
        onChange={(e) => set({ description: e.target.value })}
        error={!!errors.description}
        helperText={errors.description}
      />
      {!editing && distribution && (
        <TextField
          select
          label="Marketplace"
          required
          fullWidth
          value={values.marketplace}
          onChange={(e) => set({ marketplace: e.target.value })}
          slotProps={EMPTY_SELECT}
          error={!!errors.marketplace}
          helperText={
            errors.marketplace ??
            (marketplaces.data?.length === 0
              ? 'You have no marketplace yet: create one under Marketplaces first.'
              : 'Vendors that enroll can list their products here.')
          }
        >
          <MenuItem value="" disabled>
            <em>Choose a marketplace</em>
          </MenuItem>
          {(marketplaces.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name} ({m.id})
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        label="Enroll form"
        fullWidth
        value={values.form}
        onChange={(e) => set({ form: e.target.value })}
        slotProps={EMPTY_SELECT}
        error={!!errors.forms}
        helperText={
          errors.forms ??
          (forms.data?.length === 0
            ? 'You have no active enrolment form: build one under Forms to ask partners for details.'
            : 'A custom form the partner fills in when enrolling.')
        }
      >
        <MenuItem value="">
          <em>No form</em>
        </MenuItem>
        {(forms.data ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.name} ({f.id})
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        label="Accept enrolments automatically (no review)"
        control={<Switch checked={values.auto_accept} onChange={(e) => set({ auto_accept: e.target.checked })} />}
      />
      {!editing && (
        <>
          <Divider />
          <Typography variant="subtitle2">Version 1</Typography>
          <DocumentFields value={values.document} onChange={(document) => set({ document })} errors={errors} />
          <FormControlLabel
            label="Activate version 1 now"
            control={<Switch checked={values.active} onChange={(e) => set({ active: e.target.checked })} />}
          />
          {!values.active && (
            <Alert severity="info">
              Version 1 stays a draft: partners can sign the agreement once you activate it under Versions.
            </Alert>
          )}
        </>
      )}
    </FormDialog>
  );
}
