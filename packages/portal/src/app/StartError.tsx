import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../api/errors.ts';
import { CenteredCard } from './CenteredCard.tsx';
import { CONTEXT_KEY } from './session/SessionProvider.tsx';

/** The session could not be checked (server unreachable or failing): say so, offer a retry. */
export default function StartError({ error }: { error: unknown }) {
  const client = useQueryClient();
  return (
    <CenteredCard title="Cannot reach the server">
      <Alert severity="error" sx={{ mb: 2 }}>
        {errorMessage(error)}
      </Alert>
      <Button variant="contained" onClick={() => void client.invalidateQueries({ queryKey: CONTEXT_KEY })}>
        Try again
      </Button>
    </CenteredCard>
  );
}
