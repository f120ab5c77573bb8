import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import type { ManyValue, ReportParameter, ReportParameterType } from '@trellis/domain/reporting/parameters';
import { listAll } from '../../../api/list.ts';
import type { DateRangeInput, ParameterInput } from './parameterInputs.ts';

// One field component per type of report parameter (domain REPORT_PARAMETER_TYPES): the generated form picks the
// component by the parameter's type.

export interface ParameterFieldProps {
  parameter: ReportParameter;
  value: ParameterInput;
  onChange: (value: ParameterInput) => void;
  error?: string;
  disabled?: boolean;
}

const labelOf = (p: ReportParameter) => `${p.name}${p.required ? ' *' : ''}`;

/** Two calendar days, both included. */
function DateRangeField({ parameter: p, value, onChange, error, disabled }: ParameterFieldProps) {
  const r = value as DateRangeInput;
  return (
    <FormControl error={!!error} disabled={disabled} component="fieldset">
      <FormLabel component="legend">{labelOf(p)}</FormLabel>
      <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
        <TextField
          type="date"
          label="From"
          size="small"
          value={r.from}
          disabled={disabled}
          error={!!error}
          onChange={(e) => onChange({ ...r, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${p.name} from` } }}
        />
        <TextField
          type="date"
          label="To"
          size="small"
          value={r.to}
          disabled={disabled}
          error={!!error}
          onChange={(e) => onChange({ ...r, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${p.name} to` } }}
        />
      </Box>
      <FormHelperText>{error ?? `${p.description} (both days included)`}</FormHelperText>
    </FormControl>
  );
}

/** All, or some of the given options (picked from a menu). */
function ManyField({
  parameter: p,
  value,
  onChange,
  error,
  disabled,
  options,
  loading,
}: ParameterFieldProps & { options: { value: string; label: string }[]; loading?: boolean }) {
  const m = value as ManyValue;
  const labelOfValue = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <FormControl error={!!error} disabled={disabled} component="fieldset">
      <FormLabel component="legend">{labelOf(p)}</FormLabel>
      <FormControlLabel
        label="All"
        control={
          <Switch
            checked={m.all}
            disabled={disabled}
            onChange={(e) => onChange({ all: e.target.checked, choices: m.choices })}
            slotProps={{ input: { 'aria-label': `All: ${p.name}` } }}
          />
        }
      />
      {!m.all && (
        <TextField
          select
          size="small"
          label={p.name}
          value={m.choices}
          disabled={disabled || loading}
          error={!!error}
          slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(labelOfValue).join(', ') } }}
          onChange={(e) => {
            const v = e.target.value as unknown as string[] | string;
            onChange({ all: false, choices: typeof v === 'string' ? v.split(',').filter(Boolean) : v });
          }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value} dense>
              <Checkbox size="small" checked={m.choices.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={o.label} />
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormHelperText>{error ?? p.description}</FormHelperText>
    </FormControl>
  );
}

/** All, or some of the account's products or marketplaces (as it lists them). */
function objectsField(source: string) {
  return function ObjectsField(props: ParameterFieldProps) {
    const all = (props.value as ManyValue).all;
    // under the 'list' key, so an object created meanwhile shows up after any write
    const list = useQuery({
      queryKey: ['list', source, 'all'],
      queryFn: ({ signal }) => listAll<{ id: string; name?: string }>(source, 'ordering(name)', signal),
      enabled: !all,
    });
    const options = (list.data ?? []).map((o) => ({ value: o.id, label: o.name ? `${o.name} (${o.id})` : o.id }));
    const error = props.error ?? (list.isError ? 'The choices could not be loaded.' : undefined);
    return <ManyField {...props} error={error} options={options} loading={list.isPending && !all} />;
  };
}

/** All, or some of the template's values (statuses, ...). */
function CheckboxField(props: ParameterFieldProps) {
  return <ManyField {...props} options={props.parameter.choices ?? []} />;
}

/** One of the template's values. */
function ChoiceField({ parameter: p, value, onChange, error, disabled }: ParameterFieldProps) {
  return (
    <TextField
      select
      label={p.name}
      required={p.required}
      fullWidth
      value={value as string}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? p.description}
    >
      {!p.required && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {(p.choices ?? []).map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export const PARAMETER_FIELDS: Record<ReportParameterType, (props: ParameterFieldProps) => JSX.Element> = {
  date_range: DateRangeField,
  product: objectsField('/products'),
  marketplace: objectsField('/marketplaces'),
  checkbox: CheckboxField,
  choice: ChoiceField,
};
