import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { ReadOnlyReason } from '../common/data.ts';

/** Why the page is read-only: someone else's product, a frozen version, or both. */
export function readOnlyMessage(reason: ReadOnlyReason, owner: string, version?: number): string {
  const parts: string[] = [];
  if (reason === 'provider') parts.push(`This product belongs to ${owner}: you see it read-only.`);
  if (version) {
    parts.push(
      reason === 'provider'
        ? `You are viewing version ${version}, a frozen copy of the catalogue.`
        : `You are viewing version ${version}, a frozen copy of the catalogue: it is read-only. Switch to the latest catalogue to make changes.`,
    );
  }
  return parts.join(' ');
}

/** The read-only notice, with the way back to the live catalogue when a version is shown. */
export function ReadOnlyBanner({
  reason,
  owner,
  version,
  latestUrl,
}: {
  reason: ReadOnlyReason;
  owner: string;
  version?: number;
  latestUrl: string;
}) {
  if (!reason) return null;
  return (
    <Alert
      severity="info"
      role="status"
      data-testid="read-only-banner"
      sx={{ mb: 2 }}
      action={
        version ? (
          <Button color="inherit" size="small" component={RouterLink} to={latestUrl}>
            Latest catalogue
          </Button>
        ) : undefined
      }
    >
      {readOnlyMessage(reason, owner, version)}
    </Alert>
  );
}
