import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { itemResource, type Item } from '@trellis/domain/catalog/item';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EndSaleDialog } from '../common/EndSaleDialog.tsx';
import { notify } from '../common/notify.ts';

/** Status actions an item offers in its state (spec §4 Items): end of sale, resume, set or unset dynamic. */
export function itemActions(item: Pick<Item, 'status' | 'type' | 'dynamic'>): string[] {
  const out: string[] = [];
  if (item.status === 'published') out.push('endsale');
  if (item.status === 'endofsale') out.push('resumesale');
  if (item.type === 'ppu' && !item.dynamic) out.push('dynamic');
  if (item.dynamic) out.push('undynamic');
  return out;
}
const label = (action: string) => itemResource.actions?.[action]?.label ?? action;

export interface ItemActionsProps {
  productId: string;
  item: Item;
  /** A compact menu (table rows) or a row of buttons (the item page). */
  variant: 'menu' | 'buttons';
  onEdit: () => void;
  onDeleted?: () => void;
}

/** Edit, status actions and delete (drafts) of one item; after an action the item and lists are refetched. */
export function ItemActions({ productId, item, variant, onEdit, onDeleted }: ItemActionsProps) {
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [ending, setEnding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const base = `/products/${productId}/items`;
  const siblings = useQuery({
    queryKey: ['list', base, 'replacements'], enabled: ending,
    queryFn: ({ signal }) => listAll<Item>(base, 'in(status,(draft,published))&ordering(position)', signal),
  });
  const refetch = async () => {
    await client.invalidateQueries({ queryKey: ['get'] });
    await client.invalidateQueries({ queryKey: ['list'] });
  };
  const post = async (action: string, body: unknown = {}) => {
    await api.post(`${base}/${item.id}/${action}`, body);
    notify('success', `${label(action)}: ${item.name} (${item.id}).`);
    await refetch();
  };
  const run = (action: string) => {
    setAnchor(null);
    if (action === 'endsale') return setEnding(true);
    setBusy(true);
    post(action).catch((err) => notify('error', errorMessage(err))).finally(() => setBusy(false));
  };
  const actions = itemActions(item);
  const canDelete = item.status === 'draft';

  const dialogs = (
    <>
      <EndSaleDialog open={ending} noun="item" name={item.name} onClose={() => setEnding(false)}
        replacements={(siblings.data ?? []).filter((i) => i.id !== item.id)} onConfirm={(body) => post('endsale', body)} />
      <ConfirmDialog open={deleting} title="Delete item" confirmLabel="Delete" destructive onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await api.delete(`${base}/${item.id}`);
          notify('success', `Item ${item.name} was deleted.`);
          await refetch();
          onDeleted?.();
        }}>
        Delete the draft item <b>{item.name}</b> ({item.id})?
      </ConfirmDialog>
    </>
  );

  if (variant === 'buttons') {
    return (
      <>
        <Button variant="outlined" size="small" onClick={onEdit}>Edit</Button>
        {actions.map((a) => <Button key={a} variant="outlined" size="small" disabled={busy} onClick={() => run(a)}>{label(a)}</Button>)}
        {canDelete && <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(true)}>Delete</Button>}
        {dialogs}
      </>
    );
  }
  return (
    // Clicks inside must not open the row's item page.
    <span onClick={(e) => e.stopPropagation()}>
      <IconButton size="small" aria-label={`Actions for ${item.name}`} disabled={busy} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => { setAnchor(null); onEdit(); }}>Edit</MenuItem>
        {actions.map((a) => <MenuItem key={a} onClick={() => run(a)}>{label(a)}</MenuItem>)}
        {canDelete && <MenuItem sx={{ color: 'error.main' }} onClick={() => { setAnchor(null); setDeleting(true); }}>Delete</MenuItem>}
      </Menu>
      {dialogs}
    </span>
  );
}
