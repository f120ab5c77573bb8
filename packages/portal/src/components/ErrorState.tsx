import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../api/errors.ts';

/** An error with its message (spec §8 extraction) and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ whiteSpace: 'pre-line' }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
