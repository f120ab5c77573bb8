import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import type { AuditRecord } from '@trellis/domain/audit/record';
import { formatDate } from '@trellis/domain/format/date';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { humanize } from '@trellis/domain/resource/machine';
import type { ApiError } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { actorName } from '../../../components/display/actor.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';

/** What was done to an object, newest first. */
function useAuditTrail(objectId: string) {
  const query = `eq(object.id,${objectId})&ordering(-events.created.at)`;
  return useQuery<AuditRecord[], ApiError>({
    queryKey: ['list', '/audit/records', query],
    queryFn: ({ signal }) => listAll<AuditRecord>('/audit/records', query, signal),
  });
}

/** A changed field by its label on the page (the declaration's), not its name on the wire. */
const changedLabel = (decl: ResourceDecl, key: string) => decl.fields?.[key]?.label ?? humanize(key.split('.').pop()!);

/** What happened to a request, as the account's audit trail recorded it (newest first). */
export function AuditTab({ resource, objectId }: { resource: ResourceDecl; objectId: string }) {
  const hour12 = useHour12();
  const trail = useAuditTrail(objectId);
  if (trail.isError) return <ErrorState error={trail.error} onRetry={() => void trail.refetch()} />;
  if (!trail.data) return [1, 2, 3].map((i) => <Skeleton key={i} height={28} />);
  if (!trail.data.length)
    return (
      <EmptyState title="Nothing recorded">No changes of this request are in your account's audit trail.</EmptyState>
    );
  return (
    <TableContainer>
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
              <TableCell>{actorName(a.actor)}</TableCell>
              <TableCell>{resource.machine?.actions[a.action]?.label ?? humanize(a.action)}</TableCell>
              <TableCell>
                {Object.keys(a.changes ?? {})
                  .map((k) => changedLabel(resource, k))
                  .join(', ') || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
