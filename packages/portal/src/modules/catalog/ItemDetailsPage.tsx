import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Link from '@mui/material/Link';
import {
  commitmentLabel, ITEM_PERIOD_LABELS, itemTypeLabel, periodLabel, precisionLabel, quantityLabel, type Item, type ItemPeriod,
} from '@trellis/domain/catalog/item';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notFoundPath } from '../../app/routes.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { FieldList } from '../../components/FieldList.tsx';
import { CatalogStatusChip } from './common/CatalogStatusChip.tsx';
import { groupUrl, itemUrl } from './common/paths.ts';
import { ItemActions } from './items/ItemActions.tsx';
import { ItemDialog } from './items/ItemDialog.tsx';
import { ReadOnlyBanner } from './product/ReadOnlyBanner.tsx';
import { useProductPart } from './common/useProductPart.ts';

/** One item of a product (live or of a built version): its summary, edit and status actions for the owning vendor. */
export default function ItemDetailsPage() {
  const { id = '', itemId = '' } = useParams();
  const { location, navigate, version, product, readOnly, reason, query, back, when } = useProductPart<Item>(id, 'items', itemId, 'items');
  const item = query.data;
  const [editing, setEditing] = useState(false);

  usePageChrome({
    title: item?.name ?? '',
    assistiveTitle: `${product.data?.name ?? id} · Item ${itemId}${version ? ` · version ${version}` : ''}`,
    titleChip: item ? <CatalogStatusChip status={item.status} /> : null,
    backRoute: back,
    pageLoading: query.isPending,
    headerActions: item && !readOnly ? (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <ItemActions productId={id} item={item} variant="buttons" onEdit={() => setEditing(true)} onDeleted={() => navigate(back)} />
      </Box>
    ) : null,
  }, [item, readOnly, back, product.data?.name]);

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!item) return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={28} />)}</Paper>;

  return (
    <>
      <ReadOnlyBanner reason={reason} owner={product.data?.owner?.name ?? 'another account'} version={version} latestUrl={itemUrl(id, itemId)} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <FieldList items={[
          { label: 'ID', value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{item.id}</Box> },
          { label: 'Name', value: item.name },
          { label: 'Display name', value: item.display_name },
          { label: 'Description', value: <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{item.description}</Box> },
          { label: 'MPN', value: item.mpn },
          { label: 'Type', value: itemTypeLabel(item.type) },
          { label: 'Period', value: `${periodLabel(item.period)} (${ITEM_PERIOD_LABELS[item.period as ItemPeriod] ?? item.period})` },
          { label: 'Commitment', value: commitmentLabel(item.commitment?.count) },
          { label: 'Quantity', value: quantityLabel(item.quantity) },
          { label: 'Unit', value: item.unit?.title ?? item.unit?.id },
          { label: 'Precision', value: precisionLabel(item.precision) },
          { label: 'Dynamic', value: item.dynamic ? 'Yes' : 'No' },
          { label: 'Visible to customers', value: item.ui?.visibility ? 'Yes' : 'No' },
          { label: 'Group', value: item.group ? <Link component={RouterLink} to={groupUrl(id, item.group.id, version)}>{item.group.name ?? item.group.id}</Link> : null },
          { label: 'External ID', value: item.external_id },
          ...(item.end_of_sale_notes ? [{ label: 'End of sale notes', value: item.end_of_sale_notes }] : []),
          ...(item.replacement ? [{ label: 'Replacement', value: <Link component={RouterLink} to={itemUrl(id, item.replacement.id, version)}>{item.replacement.name}</Link> }] : []),
          { label: 'Created', value: when(item.events?.created) },
          { label: 'Updated', value: when(item.events?.updated) },
        ]} />
      </Paper>
      <ItemDialog productId={id} open={editing} item={item} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
    </>
  );
}
