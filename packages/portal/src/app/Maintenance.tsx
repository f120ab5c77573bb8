import Button from '@mui/material/Button';
import { CenteredCard } from './CenteredCard.tsx';
import { maintenance } from './maintenance.ts';

/**
 * Shown after a 503 or when the brand could not be loaded; retry when the user asks (`onRetry`: what to ask for
 * again, e.g. the brand, or the query cache's data).
 */
export default function Maintenance({ onRetry }: { onRetry: () => void }) {
  const retry = () => {
    maintenance.set(false);
    onRetry();
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
