import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MarkdownEditor } from './MarkdownEditor.tsx';

export interface MarkdownFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  error?: string;
}

/** A form's markdown text (editor with preview), bound to the react-hook-form field `name`. */
export function MarkdownField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  error,
}: MarkdownFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MarkdownEditor
          label={label}
          helperText={helperText}
          value={field.value ?? ''}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}
