import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface ChoiceFieldProps<F extends FieldValues> {
  control: Control<F>;
  name: Path<F>;
  label: string;
  choices: readonly { value: string; label: string }[];
  helperText?: string;
}

/** One of a few fixed values (a case's type, its priority), picked by its label. */
export function ChoiceField<F extends FieldValues>({ control, name, label, choices, helperText }: ChoiceFieldProps<F>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          fullWidth
          {...field}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        >
          {choices.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
