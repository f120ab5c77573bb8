import Typography from '@mui/material/Typography';
import type { ReportParameter } from '@trellis/domain/reporting/parameters';
import { PARAMETER_FIELDS } from './fields.tsx';
import { inputOf, type ParameterInputs } from './parameterInputs.ts';

export interface ReportParameterFieldsProps {
  parameters: readonly ReportParameter[];
  values: ParameterInputs;
  onChange: (values: ParameterInputs) => void;
  /** Messages by parameter id. */
  errors?: Partial<Record<string, string>>;
  disabled?: boolean;
}

/** The form of a template's typed parameters: one field per parameter, of its type's component, in its order. */
export function ReportParameterFields({
  parameters,
  values,
  onChange,
  errors = {},
  disabled,
}: ReportParameterFieldsProps) {
  if (!parameters.length)
    return (
      <Typography variant="body2" color="text.secondary">
        This template has no parameters.
      </Typography>
    );
  return (
    <>
      {parameters.map((p) => {
        const Field = PARAMETER_FIELDS[p.type];
        return (
          <Field
            key={p.id}
            parameter={p}
            value={values[p.id] ?? inputOf(p)}
            onChange={(v) => onChange({ ...values, [p.id]: v })}
            error={errors[p.id]}
            disabled={disabled}
          />
        );
      })}
    </>
  );
}
