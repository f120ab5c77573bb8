import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { itemGroupResource, type ItemGroup } from '@trellis/domain/catalog/item';
import { api } from '../../../api/client.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ResourceTable, type Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { notify } from '../common/notify.ts';
import { groupUrl, partPath } from '../common/paths.ts';
import { ItemGroupDialog } from './ItemGroupDialog.tsx';

export interface GroupsTabProps { productId: string; readOnly: boolean; version?: number }

/** The Item group summary of spec §3: name, id, MPN, item count, created at and by. */
const COLUMNS: Column<ItemGroup>[] = [
  { field: 'name', label: 'Name' },
  { field: 'id', label: 'ID' },
  { field: 'mpn', label: 'MPN' },
  { field: 'stats.items', label: 'Items' },
  { field: 'events.created.at', label: 'Created' },
  { field: 'events.created.by.name', label: 'Created by' },
];

/** Item groups of the product; the owning vendor creates, edits and deletes them. */
export function GroupsTab({ productId, readOnly, version }: GroupsTabProps) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<ItemGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ItemGroup | null>(null);
  const columns = readOnly ? COLUMNS : [...COLUMNS, {
    field: 'actions', label: '', width: 96,
    render: (g: ItemGroup) => (
      <span onClick={(e) => e.stopPropagation()}>
        <Tooltip title="Edit"><IconButton size="small" aria-label={`Edit ${g.name}`} onClick={() => setEditing(g)}><EditOutlinedIcon fontSize="small" /></IconButton></Tooltip>
        <Tooltip title="Delete"><IconButton size="small" aria-label={`Delete ${g.name}`} onClick={() => setDeleting(g)}><DeleteOutlineIcon fontSize="small" /></IconButton></Tooltip>
      </span>
    ),
  }];
  return (
    <>
      <ResourceTable<ItemGroup> key={version ?? 'live'} resource={itemGroupResource} path={partPath(productId, 'item-groups', version)}
        stateKey="product-item-groups" noun="item groups" columns={columns} rowLink={(g) => groupUrl(productId, g.id, version)}
        toolbar={!readOnly && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>Create group</Button>} />
      <ItemGroupDialog productId={productId} open={editing !== null} group={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(g) => {
          notify('success', `Item group ${g.name} was ${editing === 'new' ? 'created' : 'saved'}.`);
          setEditing(null);
        }} />
      <ConfirmDialog open={!!deleting} title="Delete item group" confirmLabel="Delete" destructive onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(`/products/${productId}/item-groups/${deleting!.id}`);
          notify('success', `Item group ${deleting!.name} was deleted.`);
          void client.invalidateQueries({ queryKey: ['list'] });
        }}>
        {deleting && <>Delete the item group <b>{deleting.name}</b> ({deleting.id})? Only a group without items can be deleted.</>}
      </ConfirmDialog>
    </>
  );
}
