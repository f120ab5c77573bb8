export { FormBuilder, type FormBuilderProps } from './FormBuilder.tsx';
