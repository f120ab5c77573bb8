import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId } from 'react';

export interface PlainTextFieldProps extends Omit<OutlinedInputProps, 'error'> {
  label: string;
  helperText?: string;
  error?: boolean;
}

/**
 * An outlined text field that looks like MUI's TextField but without its select machinery
 * (Menu, Popover, Modal): the login page must stay within its JavaScript budget.
 */
export const PlainTextField = forwardRef<HTMLInputElement, PlainTextFieldProps>(function PlainTextField(
  { label, helperText, error, fullWidth, id, ...input },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} inputRef={ref} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
