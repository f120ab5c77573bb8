import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

type Tone = 'default' | 'success' | 'warning' | 'error' | 'info';

const TONES: Record<string, Tone> = {
  active: 'success', published: 'success', approved: 'success', accepted: 'success', ready: 'success',
  completed: 'success', complete: 'success', verified: 'success', joined: 'success', closed: 'default', invited: 'warning',
  pending: 'warning', inquiring: 'warning', processing: 'info', reviewing: 'info', deploying: 'info',
  draft: 'default', tiersSetup: 'info', tiers_setup: 'info', expiring: 'warning', scheduled: 'info', uploading: 'info', uploaded: 'info',
  ignored: 'default', unsupported: 'default',
  inactive: 'default', endofsale: 'default', suspended: 'warning', listed: 'success', unlisted: 'default', canceled: 'default',
  removed: 'default', revoked: 'default',
  failed: 'error', rejected: 'error', invalid: 'error', expired: 'error', terminated: 'error', deleted: 'error', error: 'error',
};

export function statusLabel(status: string): string {
  const s = status.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

/** A status as a coloured chip (green = working, amber = waits for someone, red = failed/ended). */
export function StatusChip({ status, size = 'small' }: { status: string | null | undefined; size?: 'small' | 'medium' }) {
  if (!status) return null;
  return <Chip size={size} label={statusLabel(status)} color={TONES[status] ?? 'default'} variant={TONES[status] ? 'filled' : 'outlined'} />;
}

/** A request's title chips: its status, and its type as an outlined label. */
export function StatusTypeChips({ status, type }: { status: string; type: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <StatusChip status={status} />
      <Chip size="small" variant="outlined" label={statusLabel(type)} />
    </Box>
  );
}
