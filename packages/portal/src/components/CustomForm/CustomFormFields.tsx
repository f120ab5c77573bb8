import { useCallback, useMemo, useState } from 'react';
import { defaultValues } from '@trellis/domain/parameters/dependencies';
import { formParameters, validateFormAnswers, type FormSchema } from '@trellis/domain/parameters/form-schema';
import type { ParamError } from '@trellis/domain/parameters/types';
import { ParameterForm, type ParamValues } from '../ParameterForm/index.ts';

export interface CustomFormFieldsProps {
  /** The custom form to fill (a /forms object's `schema`). */
  schema: FormSchema | null | undefined;
  /** Answers keyed by field name. */
  values: ParamValues;
  onChange: (values: ParamValues) => void;
  /** Messages per field name: `validateFormAnswers(...).errors`, or the field errors of a refused submit. */
  errors?: Record<string, ParamError>;
  readOnly?: boolean;
}

/**
 * A custom form to fill in (an agreement's enroll form, a listing's lead form): its fields through the shared
 * parameter form, with the shared validator's messages on them. Keep the state with `useCustomForm`.
 */
export function CustomFormFields({ schema, values, onChange, errors, readOnly }: CustomFormFieldsProps) {
  const parameters = useMemo(() => formParameters(schema), [schema]);
  return (
    <ParameterForm parameters={parameters} values={values} onChange={onChange} errors={errors} readOnly={readOnly} />
  );
}

/**
 * The answers to a custom form and their messages: starts at the fields' defaults, `check()` validates with the
 * shared validator (the server's messages) and puts them on the fields, a changed field loses its message. Spread
 * `fields` into <CustomFormFields>; send `values` as the answers.
 */
export function useCustomForm(schema: FormSchema | null | undefined, initial?: ParamValues) {
  const parameters = useMemo(() => formParameters(schema), [schema]);
  const [values, setValues] = useState<ParamValues>(() => ({ ...defaultValues(parameters), ...initial }));
  const [errors, setErrors] = useState<Record<string, ParamError>>({});
  const onChange = useCallback(
    (next: ParamValues) => {
      const changed = Object.keys(next).filter((k) => next[k] !== values[k]);
      setValues(next);
      if (changed.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k))));
    },
    [values],
  );
  /** Validates the answers; true when they may be sent. */
  const check = useCallback(() => {
    const r = validateFormAnswers(schema, values);
    setErrors(r.errors);
    return r.valid;
  }, [schema, values]);
  const reset = useCallback(
    (to?: ParamValues) => {
      setValues({ ...defaultValues(parameters), ...to });
      setErrors({});
    },
    [parameters],
  );
  return {
    values,
    errors,
    check,
    reset,
    /** Server field errors of a refused submit (`{ name: { value_error } }`). */
    setErrors,
    fields: { schema, values, onChange, errors },
  };
}
