import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { PARAMETER_NAME_RULE, type Parameter } from '@trellis/domain/catalog/parameter';
import {
  PARAMETER_TYPES,
  SCOPES_BY_PHASE,
  type ParameterPhase,
  type ParameterType,
} from '@trellis/domain/parameters/types';
import { useWrite } from '../../../api/useWrite.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { countries } from '../../../components/ParameterForm/countries.ts';
import { ChoicesEditor } from './ChoicesEditor.tsx';
import {
  PARAMETER_SCOPE_LABELS as SCOPE_LABELS,
  PARAMETER_TYPE_LABELS as TYPE_LABELS,
} from '@trellis/domain/parameters/types';
import { parametersPath } from './data.ts';
import { DependencyPicker } from './DependencyPicker.tsx';
import {
  draftBody,
  draftOf,
  draftProblems,
  emptyDraft,
  placeProblems,
  usesChoices,
  usesLength,
  type DraftProblems,
  type ParameterDraft,
} from './draft.ts';

export interface ParameterDialogProps {
  open: boolean;
  productId: string;
  phase: ParameterPhase;
  /** The parameter to edit; none creates one. */
  parameter?: Parameter | null;
  /** Every parameter of the product (name and dependency checks). */
  siblings: Parameter[];
  onClose: () => void;
  onSaved: (p: Parameter) => void;
}

const NO_PROBLEMS: DraftProblems = { fields: {}, other: [] };

/** "path: message" strings of a 400 → the dialog's fields. */
function serverProblems(err: unknown): DraftProblems {
  const list =
    err instanceof ApiError &&
    err.text &&
    typeof err.text === 'object' &&
    Array.isArray((err.text as { errors?: unknown }).errors)
      ? ((err.text as { errors: unknown[] }).errors.filter((e) => typeof e === 'string') as string[])
      : [];
  const pairs = list.map((e) => {
    const m = /^([\w.[\]]+): ([\s\S]+)$/.exec(e);
    return m ? { path: m[1], message: m[2] } : { path: '', message: e };
  });
  const placed = placeProblems(pairs);
  if (!pairs.length) placed.other.push(errorMessage(err));
  return placed;
}

/**
 * Create or edit a parameter definition: every field of spec §3, checked with the same schema and
 * definition rules as the server (parameterDefinitionIssues) before anything is sent.
 */
export function ParameterDialog({
  open,
  productId,
  phase,
  parameter,
  siblings,
  onClose,
  onSaved,
}: ParameterDialogProps) {
  const creating = !parameter;
  const one = parameter && `${parametersPath(productId)}/${parameter.id}`;
  const save = useWrite<Parameter, Record<string, unknown>>(
    { method: one ? 'PUT' : 'POST', path: one ?? parametersPath(productId) },
    { objects: one ? [one] : [] },
  );
  const [d, setD] = useState<ParameterDraft>(() => (parameter ? draftOf(parameter) : emptyDraft(phase)));
  const [problems, setProblems] = useState<DraftProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setD(parameter ? draftOf(parameter) : emptyDraft(phase));
    setProblems(NO_PROBLEMS);
  }, [open, parameter, phase]);

  const set = (patch: Partial<ParameterDraft>) => setD((cur) => ({ ...cur, ...patch }));
  const err = problems.fields;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = draftProblems(d, phase, creating, siblings, parameter?.id);
    setProblems(found);
    if (Object.keys(found.fields).length || found.other.length) return;
    setBusy(true);
    try {
      const body = draftBody(d, phase, creating);
      onSaved(await save.mutateAsync(body));
    } catch (error) {
      setProblems(serverProblems(error));
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: 'name' | 'title' | 'description' | 'hint' | 'placeholder',
    label: string,
    extra: { required?: boolean; multiline?: boolean; help?: ReactNode } = {},
  ) => (
    <TextField
      label={label}
      required={extra.required}
      fullWidth
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      value={d[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      error={!!err[field]}
      helperText={err[field] ?? extra.help}
      disabled={field === 'name' && !creating}
    />
  );
  const flag = (field: 'required' | 'hidden' | 'readonly' | 'unique' | 'reconciliation', label: string) => (
    <FormControlLabel
      label={label}
      control={<Switch checked={d[field]} onChange={(e) => set({ [field]: e.target.checked })} />}
    />
  );
  const choicesNoun = d.type === 'subdomain' ? 'Domain' : d.type === 'checkbox' ? 'Option' : 'Choice';
  const display = d.type === 'heading' || d.type === 'content';

  return (
    <FormDialog
      open={open}
      title={creating ? 'Add parameter' : `Edit parameter ${parameter!.name}`}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={creating ? 'Add' : 'Save'}
      busy={busy}
      error={problems.other.join('\n') || null}
      maxWidth="md"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('name', 'Name', {
          required: true,
          help: creating ? `Identifies the parameter in requests. ${PARAMETER_NAME_RULE}.` : 'The name cannot change.',
        })}
        {text('title', 'Title', { required: true })}
        <TextField
          select
          label="Type"
          value={d.type}
          onChange={(e) => set({ type: e.target.value as ParameterType })}
          slotProps={{ select: { native: true } }}
          error={!!err.type}
          helperText={err.type}
        >
          {PARAMETER_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Scope"
          value={d.scope}
          onChange={(e) => set({ scope: e.target.value })}
          slotProps={{ select: { native: true } }}
          error={!!err.scope}
          helperText={err.scope}
        >
          {SCOPES_BY_PHASE[phase].map((s) => (
            <option key={s} value={s}>{`${SCOPE_LABELS[s]} (${s})`}</option>
          ))}
        </TextField>
        <Box sx={{ gridColumn: '1 / -1' }}>{text('description', 'Description', { multiline: true })}</Box>
        {!display && text('hint', 'Hint', { help: 'Shown under the field.' })}
        {!display && text('placeholder', 'Placeholder')}
        {d.type === 'content' && (
          <TextField
            label="Content"
            multiline
            minRows={3}
            fullWidth
            sx={{ gridColumn: '1 / -1' }}
            value={d.display_content}
            onChange={(e) => set({ display_content: e.target.value })}
            error={!!err.display_content}
            helperText={err.display_content ?? 'The text shown in the form.'}
          />
        )}
        {d.type === 'phone' && (
          <TextField
            select
            label="Default country"
            value={d.default_country}
            onChange={(e) => set({ default_country: e.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            error={!!err.default_country}
            helperText={err.default_country}
          >
            <option value="">None</option>
            {countries().map((c) => (
              <option key={c.code} value={c.code}>{`${c.name} (+${c.callingCode})`}</option>
            ))}
          </TextField>
        )}
        {usesLength(d.type) && (
          <Box sx={{ display: 'flex', gap: 2, gridColumn: '1 / -1' }}>
            <TextField
              label="Minimum length"
              value={d.min_length}
              onChange={(e) => set({ min_length: e.target.value })}
              error={!!err.min_length}
              helperText={err.min_length}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label="Maximum length"
              value={d.max_length}
              onChange={(e) => set({ max_length: e.target.value })}
              error={!!err.max_length}
              helperText={err.max_length}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
          </Box>
        )}
      </Box>
      {usesChoices(d.type) && (
        <ChoicesEditor
          noun={choicesNoun}
          choices={d.choices}
          onChange={(choices) => set({ choices })}
          error={err.choices}
          singleDefault={d.type !== 'checkbox'}
        />
      )}
      <Divider />
      <Box role="group" aria-label="Constraints">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          {!display && flag('required', 'Required')}
          {flag('hidden', 'Hidden')}
          {!display && flag('readonly', 'Read-only')}
          {!display && flag('unique', 'Unique')}
          {!display && flag('reconciliation', 'Reconciliation')}
        </Box>
        {err.required && <FormHelperText error>{err.required}</FormHelperText>}
      </Box>
      <DependencyPicker
        draft={d}
        onChange={set}
        error={err.dependency}
        candidates={siblings.filter((s) => s.phase === phase && s.id !== parameter?.id)}
      />
    </FormDialog>
  );
}
