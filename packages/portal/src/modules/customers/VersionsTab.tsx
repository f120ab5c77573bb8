import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trellis/domain/format/date';
import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { listAll } from '../../api/list.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { TIER_PATH } from './data.ts';
import { versionChanges } from './versionChanges.ts';

const empty = (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    empty
  </Box>
);

/** GET /tier/accounts/{id}/versions, newest first, each with what changed against the one before it. */
export function VersionsTab({ accountId }: { accountId: string }) {
  const auth = useAuth();
  const hour12 = auth.user?.timeformat === '12h';
  const path = `${TIER_PATH}/${accountId}/versions`;
  // Under 'list', so any write (which refetches lists) brings the new version in.
  const versions = useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<TierAccount>(path, 'ordering(-version)', signal),
  });

  if (versions.isError) return <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />;
  if (!versions.data)
    return (
      <>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </>
    );
  const byVersion = new Map(versions.data.map((v) => [v.version, v]));

  return (
    <Table size="small" aria-label="Versions">
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600, width: 90 }}>Version</TableCell>
          <TableCell sx={{ fontWeight: 600, width: 240 }}>When</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>Changes</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {versions.data.map((v) => {
          const previous = byVersion.get(v.version - 1);
          const changes = previous ? versionChanges(previous, v) : [];
          const event = v.version === 1 ? v.events.created : (v.events.updated ?? v.events.created);
          return (
            <TableRow key={v.version} sx={{ verticalAlign: 'top' }}>
              <TableCell>{v.version}</TableCell>
              <TableCell>
                <Box>{formatDate(event?.at, { hour12 })}</Box>
                {event?.by?.name && (
                  <Typography variant="caption" color="text.secondary">
                    {event.by.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {!previous && (v.version === 1 ? 'Created' : 'Earlier versions are not kept')}
                {previous && changes.length === 0 && 'No visible change'}
                {changes.length > 0 && (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {changes.map((c) => (
                      <li key={c.field}>
                        <b>{c.field}</b>: {c.before || empty} → {c.after || empty}
                      </li>
                    ))}
                  </Box>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
