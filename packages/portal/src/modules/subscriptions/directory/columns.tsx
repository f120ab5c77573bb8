import Box from '@mui/material/Box';
import type { Asset } from '@trellis/domain/fulfillment/asset';
import type { Request } from '@trellis/domain/fulfillment/request';
import type { Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../../components/StatusChip.tsx';

const named = (r: { id: string; name: string } | null | undefined) => (r ? (
  <Box>
    <Box sx={{ fontWeight: 500 }}>{r.name}</Box>
    <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{r.id}</Box>
  </Box>
) : null);

/** Test and preview subscriptions are marked, so nobody mistakes them for real orders. */
const environment = (type: string) => (type === 'production' ? null : (
  <Box component="span" sx={{ ml: 1, color: 'warning.main', fontSize: 12 }}>{statusLabel(type)}</Box>
));

/** Subscriptions: each side sees the other party (the vendor its provider; the provider needs no column of itself). */
export function assetColumns(side: string): Column<Asset>[] {
  return [
    { field: 'id', label: 'ID', render: (a) => <>{a.id}{environment(a.connection.type)}</> },
    { field: 'product.name', label: 'Product', render: (a) => named(a.product) },
    { field: 'tiers.customer.name', label: 'Customer', render: (a) => named(a.tiers.customer) },
    ...(side === 'vendor' ? [{ field: 'connection.provider.name', label: 'Provider' }] : []),
    { field: 'marketplace.name', label: 'Marketplace' },
    { field: 'status', label: 'Status', render: (a) => <StatusChip status={a.status} /> },
    { field: 'updated', label: 'Updated' },
  ];
}

/** Fulfillment requests (requestResource columns, the nested fields under labels people use). */
export function requestColumns(): Column<Request>[] {
  return [
    { field: 'id', label: 'ID' },
    { field: 'type', label: 'Type', render: (r) => statusLabel(r.type) },
    { field: 'asset.product.name', label: 'Product', render: (r) => named(r.asset.product) },
    { field: 'asset.tiers.customer.name', label: 'Customer', render: (r) => named(r.asset.tiers.customer) },
    { field: 'assignee.name', label: 'Assignee' },
    { field: 'status', label: 'Status', render: (r) => <StatusChip status={r.status} /> },
    { field: 'updated', label: 'Updated' },
  ];
}
