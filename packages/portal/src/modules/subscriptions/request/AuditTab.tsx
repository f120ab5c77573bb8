import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDate } from '@trellis/domain/format/date';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { statusLabel } from '../../../components/StatusChip.tsx';
import { useAuditTrail } from './data.ts';

/** What happened to the request, as the account's audit trail recorded it (newest first). */
export function AuditTab({ requestId }: { requestId: string }) {
  const hour12 = useAuth().user?.timeformat === '12h';
  const trail = useAuditTrail(requestId);
  if (trail.isError) return <ErrorState error={trail.error} onRetry={() => void trail.refetch()} />;
  if (!trail.data) return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3].map((i) => <Skeleton key={i} height={28} />)}</Paper>;
  if (!trail.data.length) return <Paper variant="outlined"><EmptyState title="Nothing recorded">No changes of this request are in your account's audit trail.</EmptyState></Paper>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Audit">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Changed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trail.data.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{formatDate(a.events.created?.at, { hour12 })}</TableCell>
              <TableCell>{a.actor.name || a.actor.id}</TableCell>
              <TableCell>{statusLabel(a.action)}</TableCell>
              <TableCell>{Object.keys(a.changes ?? {}).join(', ') || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
