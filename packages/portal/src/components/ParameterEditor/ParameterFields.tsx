import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { PARAMETER_TYPES, PARAMETER_TYPE_LABELS as TYPE_LABELS } from '@trellis/domain/parameters/types';
import type { ParameterType } from '@trellis/domain/parameters/types';
import { countries } from '../ParameterForm/countries.ts';
import { ChoicesEditor } from './ChoicesEditor.tsx';
import { DependencyPicker, type DependencySource } from './DependencyPicker.tsx';
import { usesChoices, usesLength, type DraftField, type DraftFlag, type ParameterDraft } from './draft.ts';

const FLAG_LABELS: Record<DraftFlag, string> = {
  required: 'Required',
  hidden: 'Hidden',
  readonly: 'Read-only',
  unique: 'Unique',
  reconciliation: 'Reconciliation',
};
/** Flags that mean nothing for a field that carries no value (heading, content). */
const VALUE_FLAGS: readonly DraftFlag[] = ['required', 'readonly', 'unique', 'reconciliation'];

export interface ParameterFieldsProps {
  draft: ParameterDraft;
  onChange: (patch: Partial<ParameterDraft>) => void;
  /** Messages per editor field. */
  errors: Partial<Record<DraftField, string>>;
  /** The name is set once: editable only while creating. */
  creating: boolean;
  /** The help under the name while it can be set. */
  nameHelp: string;
  /** The scopes to choose from (catalogue parameters), or none (custom forms). */
  scopes?: readonly { value: string; label: string }[];
  /** The constraint switches offered. */
  flags: readonly DraftFlag[];
  /** What a dependency may point at: the other parameters of the phase, or the form's other fields. */
  candidates: readonly DependencySource[];
  /** How the dependency hint names where the candidates live, and what one is called. */
  within?: string;
  noun?: string;
}

/**
 * The fields of a parameter definition (spec §3): name, title, type, description, hint, placeholder, the type's own
 * settings (choices, lengths, content, default country), the constraint switches and a dependency. The catalogue's
 * parameter dialog and the custom-form builder both edit definitions with it.
 */
export function ParameterFields({
  draft: d,
  onChange: set,
  errors: err,
  creating,
  nameHelp,
  scopes,
  flags,
  candidates,
  within,
  noun,
}: ParameterFieldsProps) {
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
  const choicesNoun = d.type === 'subdomain' ? 'Domain' : d.type === 'checkbox' ? 'Option' : 'Choice';
  const display = d.type === 'heading' || d.type === 'content';
  const shownFlags = flags.filter((f) => !display || !VALUE_FLAGS.includes(f));

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('name', 'Name', { required: true, help: creating ? nameHelp : 'The name cannot change.' })}
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
        {scopes && (
          <TextField
            select
            label="Scope"
            value={d.scope}
            onChange={(e) => set({ scope: e.target.value })}
            slotProps={{ select: { native: true } }}
            error={!!err.scope}
            helperText={err.scope}
          >
            {scopes.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </TextField>
        )}
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
          {shownFlags.map((f) => (
            <FormControlLabel
              key={f}
              label={FLAG_LABELS[f]}
              control={<Switch checked={d[f]} onChange={(e) => set({ [f]: e.target.checked })} />}
            />
          ))}
        </Box>
        {err.required && <FormHelperText error>{err.required}</FormHelperText>}
      </Box>
      <DependencyPicker
        draft={d}
        onChange={set}
        error={err.dependency}
        candidates={candidates}
        within={within}
        noun={noun}
      />
    </>
  );
}
