import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { OneTimeSecret } from '../../../components/OneTimeSecret.tsx';

/** Shows an API key the server returned once (after create or rotate). */
export function SecretDialog({
  title,
  secret,
  intro,
  onClose,
  extraAction,
}: {
  title: string;
  secret: string | null;
  intro?: ReactNode;
  onClose: () => void;
  extraAction?: ReactNode;
}) {
  return (
    // No backdrop close: losing the only copy by a stray click would be costly.
    <Dialog open={!!secret} maxWidth="sm" fullWidth aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {intro && <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>}
        {secret && <OneTimeSecret label="API key" value={secret} />}
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          Send it in the <code>Authorization</code> header of API calls, exactly as shown.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {extraAction}
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
