import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import {
  commitmentLabel, itemResource, itemTypeLabel, periodLabel, precisionLabel, quantityLabel, type Item,
} from '@trellis/domain/catalog/item';
import { ResourceTable, type Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { CatalogStatusChip } from '../common/CatalogStatusChip.tsx';
import { notify } from '../common/notify.ts';
import { itemUrl, partPath } from '../common/paths.ts';
import { ItemActions } from './ItemActions.tsx';
import { ItemDialog } from './ItemDialog.tsx';

export interface ItemsTabProps { productId: string; readOnly: boolean; version?: number }

/** Only the filters a catalogue editor reaches for; the API accepts the rest in the URL state too. */
export const ITEM_TABLE_DECL = {
  ...itemResource,
  filters: Object.fromEntries(Object.entries(itemResource.filters).map(([k, f]) =>
    [k, k === 'status' || k === 'type' ? f : { ...f, options: undefined }])),
};

const nowrap = (text: string) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;

/** The Item summary of spec §3 as table columns. */
export function itemColumns(): Column<Item>[] {
  return [
    { field: 'name', label: 'Name', render: (i) => <><Box component="span" sx={{ fontWeight: 500 }}>{i.name}</Box>
      <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{i.id}</Box></> },
    { field: 'display_name', label: 'Display name' },
    { field: 'type', label: 'Type', render: (i) => itemTypeLabel(i.type) },
    { field: 'period', label: 'Period', render: (i) => periodLabel(i.period) },
    { field: 'commitment.count', label: 'Commitment', render: (i) => nowrap(commitmentLabel(i.commitment?.count)) },
    { field: 'quantity', label: 'Quantity', render: (i) => quantityLabel(i.quantity) },
    { field: 'unit.title', label: 'Unit', render: (i) => i.unit?.title ?? i.unit?.id ?? '' },
    { field: 'precision', label: 'Precision', render: (i) => precisionLabel(i.precision) },
    { field: 'status', label: 'Status', render: (i) => <CatalogStatusChip status={i.status} /> },
  ];
}

/** Items of the product (live or of a built version); the owning vendor creates, edits and runs status actions. */
export function ItemsTab({ productId, readOnly, version }: ItemsTabProps) {
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const columns = itemColumns();
  if (!readOnly) {
    columns.push({ field: 'actions', label: '', width: 40,
      render: (i) => <ItemActions productId={productId} item={i} variant="menu" onEdit={() => setEditing(i)} /> });
  }
  return (
    <>
      <ResourceTable<Item> key={version ?? 'live'} resource={ITEM_TABLE_DECL} path={partPath(productId, 'items', version)}
        stateKey="product-items" noun="items" columns={columns} rowLink={(i) => itemUrl(productId, i.id, version)}
        toolbar={!readOnly && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>Create item</Button>} />
      <ItemDialog productId={productId} open={editing !== null} item={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(i) => {
          notify('success', `Item ${i.name} (${i.id}) was ${editing === 'new' ? 'created' : 'saved'}.`);
          setEditing(null);
        }} />
    </>
  );
}
