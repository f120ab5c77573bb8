export { CustomFormFields, useCustomForm, type CustomFormFieldsProps } from './CustomFormFields.tsx';
