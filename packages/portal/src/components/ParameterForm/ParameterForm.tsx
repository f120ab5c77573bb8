import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type JSX, type ReactNode } from 'react';
import { visibleParameters } from '@trellis/domain/parameters/dependencies';
import type { ParamError, ParamValue, ParameterConstraints } from '@trellis/domain/parameters/types';
import {
  AddressParam,
  CheckboxParam,
  ChoiceParam,
  DisplayParam,
  DropdownParam,
  PhoneParam,
  SubdomainParam,
  TextParam,
  type FieldProps,
  type FormParameter,
} from './fields.tsx';

export type ParamValues = Record<string, ParamValue>;

/** A titled part of the form (e.g. Customer / T1 / T2); a parameter goes to the first group it matches. */
export interface ParameterFormGroup {
  id: string;
  label: string;
  match: (p: FormParameter) => boolean;
}

export interface ParameterFormProps {
  /** Definitions of every parameter the values refer to (dependencies resolve across all of them). */
  parameters: readonly FormParameter[];
  /** Values keyed by parameter name. */
  values: ParamValues;
  onChange: (values: ParamValues) => void;
  /** Messages per parameter name as validateParameterValues (or a 400's `params`) gives them. */
  errors?: Record<string, ParamError>;
  /** Everything shown, nothing editable. */
  readOnly?: boolean;
  groups?: ParameterFormGroup[];
  /** Something shown under a value field (e.g. the vendor's "mark invalid" input on a request). */
  fieldExtra?: (p: FormParameter) => ReactNode;
}

const FIELDS: Record<string, (props: FieldProps) => JSX.Element> = {
  address: AddressParam,
  phone: PhoneParam,
  subdomain: SubdomainParam,
  checkbox: CheckboxParam,
  choice: ChoiceParam,
  dropdown: DropdownParam,
};

/**
 * The form a customer fills for a set of parameter definitions: one field per visible parameter
 * (hidden ones and those whose dependency is unmet are left out), in position order, with the effective
 * required / readonly constraints, hints, placeholders and the validator's messages on the fields.
 * Independent of the catalogue: requests reuse it for their parameter tabs.
 */
export function ParameterForm({
  parameters,
  values,
  onChange,
  errors = {},
  readOnly = false,
  groups,
  fieldExtra,
}: ParameterFormProps) {
  const shown = useMemo(() => visibleParameters(parameters, values), [parameters, values]);
  const field = (p: FormParameter & { constraints: ParameterConstraints }) => {
    if (p.type === 'heading' || p.type === 'content') return <DisplayParam key={p.name} p={p} />;
    const Field = FIELDS[p.type ?? 'text'] ?? TextParam;
    return (
      <Box key={p.name} data-parameter-field={p.name}>
        <Field
          p={p}
          c={p.constraints}
          value={values[p.name]}
          error={errors[p.name]}
          disabled={readOnly || !!p.constraints.readonly}
          onChange={(v) => onChange({ ...values, [p.name]: v })}
        />
        {fieldExtra?.(p)}
      </Box>
    );
  };
  if (!shown.length) return <Typography color="text.secondary">No parameters to fill in.</Typography>;
  if (!groups?.length) return <Stack spacing={2.5}>{shown.map(field)}</Stack>;
  const placed = new Set<string>();
  const sections = groups.map((g) => {
    const members = shown.filter((p) => !placed.has(p.name) && g.match(p));
    members.forEach((p) => placed.add(p.name));
    return { g, members };
  });
  const rest = shown.filter((p) => !placed.has(p.name));
  return (
    <Stack spacing={3}>
      {sections
        .filter((s) => s.members.length)
        .map(({ g, members }) => (
          <Box key={g.id} component="section" aria-label={g.label}>
            <Typography variant="overline" component="h3" color="text.secondary">
              {g.label}
            </Typography>
            <Stack spacing={2.5} sx={{ mt: 1 }}>
              {members.map(field)}
            </Stack>
          </Box>
        ))}
      {rest.length > 0 && <Stack spacing={2.5}>{rest.map(field)}</Stack>}
    </Stack>
  );
}
