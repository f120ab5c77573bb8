import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy?: boolean;
  /** The form is not ready to send yet (e.g. its choices are still loading): the submit button waits. */
  submitDisabled?: boolean;
  /** A message that belongs to no field (the server's text, shown as is). */
  error?: string | null;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}

/** A dialog holding one form: fields stacked, the form-level error on top, Cancel / submit below. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  submitDisabled,
  error,
  children,
  maxWidth = 'sm',
}: FormDialogProps) {
  const titleId = `form-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {error}
            </Alert>
          )}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
