import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { OneTimeSecret } from '../../components/OneTimeSecret.tsx';

/** The webhook's new JWT secret, shown this once (the API answers it masked from now on), with a copy button. */
export function SecretOnceDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    // no backdrop close: losing the only copy by a stray click would be costly
    <Dialog open={!!secret} maxWidth="sm" fullWidth aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">New JWT secret</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Calls are signed with this secret from now on: give it to the receiver, so it accepts them.
        </DialogContentText>
        {secret && <OneTimeSecret label="JWT secret" value={secret} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
