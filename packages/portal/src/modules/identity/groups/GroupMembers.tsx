import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AccountUser } from '@trellis/domain/identity/user';
import { formatDate } from '@trellis/domain/format/date';
import { errorMessage } from '../../../api/errors.ts';
import { pathTo } from '../../../app/routes.ts';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { useAccountMembers } from '../data.ts';
import { useGroupMembership } from './useGroupMembership.ts';

export interface GroupMembersProps {
  accountId: string;
  groupId: string;
  canWrite: boolean;
  hour12?: boolean;
}

/** The members of one group: add several at once, remove one; a refused change puts the old list back. */
export function GroupMembers({ accountId, groupId, canWrite, hour12 }: GroupMembersProps) {
  const membership = useGroupMembership(`/accounts/${accountId}/groups/${groupId}/users`);
  const candidates = useAccountMembers(accountId);
  const [picked, setPicked] = useState<AccountUser[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { members } = membership;
  const options = (candidates.data ?? []).filter((u) => !members.some((m) => m.id === u.id));

  const change = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    }
  };

  return (
    <Stack spacing={2}>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Autocomplete
            multiple
            size="small"
            sx={{ flexGrow: 1, maxWidth: 640 }}
            options={options}
            value={picked}
            loading={candidates.isPending}
            disabled={membership.saving}
            getOptionLabel={(u) => `${u.name} (${u.email})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, v) => setPicked(v)}
            filterSelectedOptions
            disableCloseOnSelect
            renderInput={(params) => <TextField {...params} label="Add members" placeholder="Name or e-mail" />}
          />
          <Button
            variant="contained"
            disabled={!picked.length || membership.saving}
            onClick={() => void change(() => membership.add(picked)).then((ok) => ok && setPicked([]))}
          >
            Add
          </Button>
        </Box>
      )}
      {membership.error ? (
        <Alert severity="error">{errorMessage(membership.error)}</Alert>
      ) : membership.loading ? (
        <Stack>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : members.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          This group has no members yet.
        </Typography>
      ) : (
        <Table size="small" aria-label="Group members">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>E-mail</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Status</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Added</TableCell>
              {canWrite && <TableCell sx={{ width: 48 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((m) => (
              <TableRow key={m.id} data-testid="group-member">
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={pathTo('settings.users.directory.details', { id: m.id })}
                    underline="hover"
                  >
                    {m.name}
                  </Link>
                </TableCell>
                <TableCell>{m.email}</TableCell>
                <TableCell>
                  <StatusChip status={m.status} />
                </TableCell>
                <TableCell>{m.events.added?.at ? formatDate(m.events.added.at, { hour12 }) : '—'}</TableCell>
                {canWrite && (
                  <TableCell>
                    <Tooltip title="Remove from group">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Remove ${m.email} from the group`}
                          disabled={membership.saving}
                          onClick={() => void change(() => membership.remove(m.id))}
                        >
                          <PersonRemoveOutlinedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
