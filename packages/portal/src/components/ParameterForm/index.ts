export { ParameterForm, type ParameterFormGroup, type ParameterFormProps, type ParamValues } from './ParameterForm.tsx';
export type { FormParameter } from './fields.tsx';
