import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { useProductVersions } from '../common/data.ts';
import { productTabUrl } from '../common/paths.ts';
import { BuildVersionDialog } from './BuildVersionDialog.tsx';

export interface VersionsTabProps {
  productId: string;
  readOnly: boolean;
  version?: number;
}

/** Built versions, newest first; refreshed every few seconds while one is being built. */
export function VersionsTab({ productId, readOnly, version }: VersionsTabProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const hour12 = auth.user?.timeformat === '12h';
  const versions = useProductVersions(productId);
  const [building, setBuilding] = useState(false);
  const busy = versions.data?.some((v) => v.build.status === 'building');
  // A vendor viewing a frozen version may still build from the live catalogue.
  const canBuild = !readOnly || (version !== undefined && auth.account.type === 'vendor');

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', p: 2, gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {busy
            ? 'A version is being built; this list refreshes until it is ready.'
            : 'Each version is a frozen copy of the catalogue. The newest ready one is the master version.'}
        </Typography>
        {canBuild && (
          <Button variant="contained" startIcon={<AddIcon />} disabled={busy} onClick={() => setBuilding(true)}>
            Build version
          </Button>
        )}
      </Box>
      {versions.isError && (
        <Box sx={{ p: 2 }}>
          <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
        </Box>
      )}
      <Table size="small" aria-label="Versions">
        <TableHead>
          <TableRow>
            {['Version', 'Status', 'Changes', 'Built', 'By', ''].map((h, i) => (
              <TableCell key={i} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.isPending &&
            [1, 2, 3].map((i) => (
              <TableRow key={i}>
                {[1, 2, 3, 4, 5, 6].map((c) => (
                  <TableCell key={c}>
                    <Skeleton variant="text" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {versions.data?.map((v) => {
            const built = v.events.built ?? v.events.created;
            return (
              <TableRow key={v.version} selected={v.version === version}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <b>{v.version}</b>
                  {v.latest && v.build.status === 'ready' && (
                    <Chip size="small" label="Master" color="primary" variant="outlined" sx={{ ml: 1 }} />
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip status={v.build.status} />
                  {v.build.error && (
                    <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                      {v.build.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ maxWidth: 420, whiteSpace: 'pre-line' }}>
                  {v.changes_description || (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      —
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {v.build.status === 'ready' && v.events.built ? formatDate(built?.at, { hour12 }) : '—'}
                </TableCell>
                <TableCell>{built?.by?.name ?? '—'}</TableCell>
                <TableCell align="right">
                  {v.build.status === 'ready' && v.version !== version && (
                    <Button size="small" onClick={() => navigate(productTabUrl(productId, 'general', v.version))}>
                      View
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {versions.data?.length === 0 && (
        <EmptyState title="No versions yet">
          {canBuild
            ? 'Build the first version to publish the product.'
            : 'The vendor has not built a version of this product yet.'}
        </EmptyState>
      )}
      <BuildVersionDialog productId={productId} open={building} onClose={() => setBuilding(false)} />
    </Paper>
  );
}
