import { PARAMETER_FIELDS, type ParameterFieldProps } from './fields.tsx';

/** The field of one report parameter: the component of its type (the form is generated from the template's list). */
export function ReportParameterField(props: ParameterFieldProps) {
  const Field = PARAMETER_FIELDS[props.parameter.type];
  return <Field {...props} />;
}
