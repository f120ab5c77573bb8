import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { CenteredCard } from './CenteredCard.tsx';
import { maintenance } from './maintenance.ts';

/** Shown after a 503 or when the brand could not be loaded (onRetry loads it again); retry when the user asks. */
export default function Maintenance({ onRetry }: { onRetry?: () => void }) {
  const client = useQueryClient();
  const retry = () => {
    maintenance.set(false);
    if (onRetry) onRetry();
    else void client.invalidateQueries();
  };
  return (
    <CenteredCard
      title="Down for maintenance"
      subtitle="The service is temporarily unavailable. Your work is safe; please try again in a few minutes."
    >
      <Button variant="contained" onClick={retry}>
        Try again
      </Button>
    </CenteredCard>
  );
}
