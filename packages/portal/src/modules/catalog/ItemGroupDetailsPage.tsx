import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { Item, ItemGroup } from '@trellis/domain/catalog/item';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { api } from '../../api/client.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notFoundPath } from '../../app/routes.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { FieldList } from '../../components/FieldList.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { notify } from './common/notify.ts';
import { groupUrl, itemUrl, partPath } from './common/paths.ts';
import { ItemGroupDialog } from './groups/ItemGroupDialog.tsx';
import { ITEM_TABLE_DECL, itemColumns } from './items/ItemsTab.tsx';
import { ReadOnlyBanner } from './product/ReadOnlyBanner.tsx';
import { useProductPart } from './common/useProductPart.ts';

/** One item group: its summary and items; edit and delete for the owning vendor. */
export default function ItemGroupDetailsPage() {
  const { id = '', groupId = '' } = useParams();
  const { location, navigate, version, product, readOnly, reason, query, back, when } =
    useProductPart<ItemGroup>(id, 'item-groups', groupId, 'groups');
  const group = query.data;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const inGroup = useCallback((q: RqlBuilder) => q.eq('group.id', groupId), [groupId]);

  usePageChrome({
    title: group ? (group.name ?? group.mpn) : '',
    assistiveTitle: `${product.data?.name ?? id} · Item group ${groupId}${version ? ` · version ${version}` : ''}`,
    backRoute: back,
    pageLoading: query.isPending,
    headerActions: group && !readOnly ? (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" size="small" onClick={() => setEditing(true)}>Edit</Button>
        <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(true)}>Delete</Button>
      </Box>
    ) : null,
  }, [group, readOnly, back, product.data?.name]);

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!group) return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={28} />)}</Paper>;

  return (
    <Stack spacing={2}>
      <ReadOnlyBanner reason={reason} owner={product.data?.owner?.name ?? 'another account'} version={version} latestUrl={groupUrl(id, groupId)} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <FieldList items={[
          { label: 'ID', value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{group.id}</Box> },
          { label: 'Name', value: group.name },
          { label: 'MPN', value: group.mpn },
          { label: 'Description', value: group.description },
          { label: 'Items', value: String(group.stats?.items ?? 0) },
          { label: 'Created', value: when(group.events?.created) },
          { label: 'Updated', value: when(group.events?.updated) },
        ]} />
      </Paper>
      <Box>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>Items in this group</Typography>
        <ResourceTable<Item> resource={ITEM_TABLE_DECL} path={partPath(id, 'items', version)} stateKey="product-group-items" noun="items"
          base={inGroup} columns={itemColumns()} rowLink={(i) => itemUrl(id, i.id, version)} />
      </Box>
      <ItemGroupDialog productId={id} open={editing} group={group} onClose={() => setEditing(false)}
        onSaved={() => { setEditing(false); notify('success', 'Item group saved.'); }} />
      <ConfirmDialog open={deleting} title="Delete item group" confirmLabel="Delete" destructive onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await api.delete(`/products/${id}/item-groups/${group.id}`);
          navigate(back, { state: { notice: { severity: 'success', content: `Item group ${group.name} was deleted.` } } });
        }}>
        Delete the item group <b>{group.name}</b> ({group.id})? Only a group without items can be deleted.
      </ConfirmDialog>
    </Stack>
  );
}
