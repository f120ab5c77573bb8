import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Agreement } from '@trellis/domain/partners/agreement';
import { errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { RefLink } from '../../../components/display/FieldValue.tsx';
import { EMPTY_SELECT } from '../../catalog/common/selects.ts';
import { MarketplaceAvatar } from '../../distribution/common/Marketplace.tsx';
import { useOwnMarketplaces } from './data.ts';

type Covered = { id: string; name: string; icon?: string | null };

/** The marketplaces an agreement covers (partners under it list there); its owner adds and removes them. */
export function MarketplacesTab({ agreement, own }: { agreement: Agreement; own: boolean }) {
  const path = `/agreements/${agreement.id}/marketplaces`;
  const covered = useQuery({
    queryKey: ['list', path],
    queryFn: ({ signal }) => listAll<Covered>(path, '', signal),
  });
  const mine = useOwnMarketplaces(agreement.owner.id, own);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<Covered | null>(null);
  const objects = [`/agreements/${agreement.id}`];
  const add = useWrite<unknown, string>(
    { method: 'POST', path, body: (id) => ({ id }) },
    { lists: [path], objects, notice: () => 'The marketplace was added to the agreement.' },
  );
  const remove = useWrite<unknown, string>(
    { method: 'DELETE', path: (id) => `${path}/${id}` },
    { lists: [path], objects },
  );
  const items = covered.data ?? [];
  const addable = (mine.data ?? []).filter((m) => !items.some((c) => c.id === m.id));

  return (
    <Box>
      {own && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label="Marketplace"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            slotProps={EMPTY_SELECT}
            sx={{ minWidth: 260, flexGrow: { xs: 1, sm: 0 } }}
            disabled={addable.length === 0}
          >
            <MenuItem value="" disabled>
              <em>{addable.length ? 'Choose one of yours' : 'All your marketplaces are covered'}</em>
            </MenuItem>
            {addable.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name} ({m.id})
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!adding || add.isPending}
            onClick={() =>
              add.mutateAsync(adding).then(
                () => setAdding(''),
                (err) => notify('error', errorMessage(err)),
              )
            }
          >
            Add
          </Button>
        </Box>
      )}
      {covered.isPending && <Skeleton variant="rounded" height={56} />}
      {covered.isError && <Typography color="error">{errorMessage(covered.error)}</Typography>}
      {covered.data && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          The agreement covers no marketplace yet.
        </Typography>
      )}
      <List disablePadding>
        {items.map((m) => (
          <ListItem
            key={m.id}
            divider
            disableGutters
            secondaryAction={
              own && (
                <IconButton edge="end" aria-label={`Remove ${m.name}`} onClick={() => setRemoving(m)}>
                  <DeleteOutlineIcon />
                </IconButton>
              )
            }
          >
            <ListItemAvatar>
              <MarketplaceAvatar icon={m.icon} name={m.name} />
            </ListItemAvatar>
            <ListItemText
              primary={<RefLink to={pathTo('marketplaces.details', { id: m.id })}>{m.name}</RefLink>}
              secondary={m.id}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={!!removing}
        title="Remove marketplace"
        confirmLabel="Remove"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await remove.mutateAsync(removing!.id);
          notify('success', `${removing!.name} is no longer covered by the agreement.`);
        }}
      >
        {`"${agreement.title}" no longer covers ${removing?.name ?? ''}.`}
      </ConfirmDialog>
    </Box>
  );
}
