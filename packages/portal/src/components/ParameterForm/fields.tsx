import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { choicesOf } from '@trellis/domain/parameters/dependencies';
import type { ParamError, ParamValue, ParameterConstraints, ParameterLike } from '@trellis/domain/parameters/types';
import { countries } from './countries.ts';

/** A parameter as the form shows it: the validator's view plus the texts a customer reads. */
export interface FormParameter extends ParameterLike {
  title?: string | null;
  description?: string | null;
  hint?: string | null;
  placeholder?: string | null;
  scope?: string | null;
}

export interface FieldProps {
  p: FormParameter;
  /** Constraints once dependencies are applied (required / readonly may differ from the definition). */
  c: ParameterConstraints;
  value: ParamValue | undefined;
  onChange: (v: ParamValue) => void;
  error: ParamError | undefined;
  disabled: boolean;
}

type Parts = Record<string, string>;

const labelOf = (p: FormParameter) => p.title || p.name;
const helper = (p: FormParameter, error?: string) => error || p.hint || undefined;
const textOf = (v: ParamValue | undefined) =>
  typeof v?.value === 'string' ? v.value : typeof v?.structured_value === 'string' ? v.structured_value : '';
function partsOf(v: ParamValue | undefined): Parts {
  let sv: unknown = v?.structured_value;
  if ((sv === undefined || sv === null) && typeof v?.value === 'string' && v.value.trim().startsWith('{')) {
    try {
      sv = JSON.parse(v.value);
    } catch {
      /* not structured */
    }
  }
  if (!sv || typeof sv !== 'object' || Array.isArray(sv)) return {};
  return Object.fromEntries(
    Object.entries(sv as Record<string, unknown>).map(([k, x]) => [k, x == null ? '' : String(x)]),
  );
}

const INPUT_TYPES: Record<string, string> = { email: 'email', url: 'url', password: 'password' };

/** text, email, domain, url, password: one line; object: JSON in a text area. */
export function TextParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  const object = p.type === 'object';
  return (
    <TextField
      label={labelOf(p)}
      required={!!c.required}
      fullWidth
      disabled={disabled}
      value={textOf(value)}
      type={INPUT_TYPES[p.type ?? ''] ?? 'text'}
      placeholder={p.placeholder || undefined}
      multiline={object}
      minRows={object ? 3 : undefined}
      error={!!error?.value_error}
      helperText={helper(p, error?.value_error)}
      slotProps={{
        htmlInput: {
          'data-parameter': p.name,
          autoComplete: p.type === 'password' ? 'new-password' : 'off',
          spellCheck: object ? false : undefined,
        },
        input: object ? { sx: { fontFamily: 'monospace', fontSize: 14 } } : undefined,
      }}
      onChange={(e) => onChange({ value: e.target.value })}
    />
  );
}

/** A labelled box for a value made of parts (address, phone, subdomain): role group named by the title. */
function PartsGroup({
  p,
  c,
  error,
  children,
}: {
  p: FormParameter;
  c: ParameterConstraints;
  error?: ParamError;
  children: ReactNode;
}) {
  // The whole-value message shows under the group unless a part already shows it.
  const own =
    error?.value_error && !Object.values(error.structured_error ?? {}).includes(error.value_error)
      ? error.value_error
      : undefined;
  return (
    <FormControl component="fieldset" fullWidth error={!!error?.value_error} role="group" aria-label={labelOf(p)}>
      <FormLabel component="legend" required={!!c.required} sx={{ mb: 1 }}>
        {labelOf(p)}
      </FormLabel>
      {children}
      {(own || p.hint) && <FormHelperText>{own ?? p.hint}</FormHelperText>}
    </FormControl>
  );
}

function CountrySelect({
  label,
  value,
  onChange,
  disabled,
  error,
  required,
  withCallingCode,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  error?: string;
  required?: boolean;
  withCallingCode?: boolean;
}) {
  const list = countries();
  const known = !value || list.some((x) => x.code === value.toUpperCase());
  return (
    <TextField
      select
      label={label}
      value={known ? value.toUpperCase() : value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      required={required}
      error={!!error}
      helperText={error}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" />
      {!known && <option value={value}>{value}</option>}
      {list.map((x) => (
        <option key={x.code} value={x.code}>
          {withCallingCode ? `${x.name} (+${x.callingCode})` : x.name}
        </option>
      ))}
    </TextField>
  );
}

const ADDRESS_PARTS = [
  ['address_line1', 'Address line 1'],
  ['address_line2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['postal_code', 'Postal code'],
] as const;

export function AddressParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  const parts = partsOf(value);
  const set = (k: string, v: string) => onChange({ value: null, structured_value: { ...parts, [k]: v } });
  const errs = error?.structured_error ?? {};
  return (
    <PartsGroup p={p} c={c} error={error}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {ADDRESS_PARTS.map(([k, label]) => (
          <TextField
            key={k}
            label={label}
            value={parts[k] ?? ''}
            onChange={(e) => set(k, e.target.value)}
            disabled={disabled}
            required={!!c.required && k !== 'address_line2'}
            error={!!errs[k]}
            helperText={errs[k]}
            fullWidth
            sx={k.startsWith('address_line') ? { gridColumn: '1 / -1' } : undefined}
          />
        ))}
        <CountrySelect
          label="Country"
          value={parts.country ?? ''}
          onChange={(v) => set('country', v)}
          disabled={disabled}
          required={!!c.required}
          error={errs.country}
        />
      </Box>
    </PartsGroup>
  );
}

export function PhoneParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  const parts = partsOf(value);
  const country = parts.country_code ?? p.default_country ?? '';
  const set = (k: string, v: string) =>
    onChange({ value: null, structured_value: { country_code: country, ...parts, [k]: v } });
  const errs = error?.structured_error ?? {};
  return (
    <PartsGroup p={p} c={c} error={error}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr 1fr' } }}>
        <CountrySelect
          label="Country code"
          value={country}
          onChange={(v) => set('country_code', v)}
          disabled={disabled}
          error={errs.country_code}
          withCallingCode
        />
        <TextField
          label="Area code"
          value={parts.area_code ?? ''}
          onChange={(e) => set('area_code', e.target.value)}
          disabled={disabled}
          error={!!errs.area_code}
          helperText={errs.area_code}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <TextField
          label="Phone number"
          value={parts.phone_number ?? parts.phone ?? ''}
          onChange={(e) => set('phone_number', e.target.value)}
          disabled={disabled}
          required={!!c.required}
          error={!!errs.phone_number}
          helperText={errs.phone_number}
          placeholder={p.placeholder || undefined}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <TextField
          label="Extension"
          value={parts.extension ?? ''}
          onChange={(e) => set('extension', e.target.value)}
          disabled={disabled}
          error={!!errs.extension}
          helperText={errs.extension}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
    </PartsGroup>
  );
}

/** subdomain: the label typed by the customer, then one of the offered parent domains. */
export function SubdomainParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  const sv = partsOf(value);
  const label = Object.keys(sv).length ? (sv.value ?? '') : textOf(value);
  const choice = sv.choice ?? '';
  const set = (next: { value: string; choice: string }) => onChange({ value: null, structured_value: next });
  const errs = error?.structured_error ?? {};
  return (
    <PartsGroup p={p} c={c} error={error}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Subdomain"
          value={label}
          onChange={(e) => set({ value: e.target.value, choice })}
          disabled={disabled}
          required={!!c.required}
          error={!!errs.value}
          helperText={errs.value}
          placeholder={p.placeholder || undefined}
          sx={{ flex: 1 }}
        />
        <Typography sx={{ pt: 2 }}>.</Typography>
        <TextField
          select
          label="Domain"
          value={choice}
          onChange={(e) => set({ value: label, choice: e.target.value })}
          disabled={disabled}
          required={!!c.required}
          error={!!errs.choice}
          helperText={errs.choice}
          sx={{ flex: 1 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" />
          {choicesOf(p).map((ch) => (
            <option key={ch.value} value={ch.value}>
              {ch.label}
            </option>
          ))}
        </TextField>
      </Box>
    </PartsGroup>
  );
}

/** checkbox: one box per option; the value is a map option → checked. */
export function CheckboxParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  const map: Record<string, boolean> = {};
  for (const [k, on] of Object.entries(partsOf(value))) map[k] = on === 'true';
  const errs = error?.structured_error ?? {};
  const own = error?.value_error && !Object.keys(errs).length ? error.value_error : undefined;
  return (
    <FormControl component="fieldset" error={!!error?.value_error} fullWidth>
      <FormLabel component="legend" required={!!c.required}>
        {labelOf(p)}
      </FormLabel>
      <FormGroup>
        {choicesOf(p).map((ch) => (
          <FormControlLabel
            key={ch.value}
            label={ch.label}
            disabled={disabled}
            control={
              <Checkbox
                checked={!!map[ch.value]}
                onChange={(e) => onChange({ value: null, structured_value: { ...map, [ch.value]: e.target.checked } })}
              />
            }
          />
        ))}
      </FormGroup>
      {Object.entries(errs).map(([k, msg]) => (
        <FormHelperText key={k}>{`${k}: ${msg}`}</FormHelperText>
      ))}
      {(own || p.hint) && <FormHelperText>{own ?? p.hint}</FormHelperText>}
    </FormControl>
  );
}

/** choice: radio buttons. */
export function ChoiceParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  const id = `param-${p.name}-label`;
  return (
    <FormControl component="fieldset" error={!!error?.value_error} fullWidth disabled={disabled}>
      <FormLabel component="legend" id={id} required={!!c.required}>
        {labelOf(p)}
      </FormLabel>
      <RadioGroup aria-labelledby={id} value={textOf(value)} onChange={(e) => onChange({ value: e.target.value })}>
        {choicesOf(p).map((ch) => (
          <FormControlLabel key={ch.value} value={ch.value} label={ch.label} control={<Radio />} />
        ))}
      </RadioGroup>
      {helper(p, error?.value_error) && <FormHelperText>{helper(p, error?.value_error)}</FormHelperText>}
    </FormControl>
  );
}

/** dropdown: a select (native, so keyboards, phones and tests all handle it). */
export function DropdownParam({ p, c, value, onChange, error, disabled }: FieldProps) {
  return (
    <TextField
      select
      label={labelOf(p)}
      required={!!c.required}
      fullWidth
      disabled={disabled}
      value={textOf(value)}
      onChange={(e) => onChange({ value: e.target.value })}
      error={!!error?.value_error}
      helperText={helper(p, error?.value_error)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{p.placeholder || ''}</option>
      {choicesOf(p).map((ch) => (
        <option key={ch.value} value={ch.value}>
          {ch.label}
        </option>
      ))}
    </TextField>
  );
}

/** heading and content carry no value: a section title, or a block of text. */
export function DisplayParam({ p }: { p: FormParameter }) {
  if (p.type === 'heading') {
    return (
      <Box sx={{ pt: 1 }}>
        <Typography variant="h6" component="h3">
          {labelOf(p)}
        </Typography>
        {p.description && (
          <Typography variant="body2" color="text.secondary">
            {p.description}
          </Typography>
        )}
      </Box>
    );
  }
  const text = p.constraints?.display_content || p.description || '';
  return (
    <Box>
      {p.title && <Typography variant="subtitle2">{p.title}</Typography>}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {text}
      </Typography>
    </Box>
  );
}
