import Box from '@mui/material/Box';
import type { TierConfig, TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import type { Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { levelLabel } from './data.ts';

/** Name over a small monospace id: the rows stay readable and the id stays findable. */
const named = (ref: { id: string; name: string }) => (
  <Box>
    <Box sx={{ fontWeight: 500 }}>{ref.name}</Box>
    <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{ref.id}</Box>
  </Box>
);

/** Tier configs; each side sees the other party of the connection (a vendor its provider, a provider the vendor). */
export function configColumns(side: string): Column<TierConfig>[] {
  return [
    { field: 'account.name', label: 'Reseller', render: (c) => named(c.account) },
    { field: 'tier_level', label: 'Level', render: (c) => levelLabel(c.tier_level) },
    { field: 'product.name', label: 'Product', render: (c) => named(c.product) },
    side === 'vendor'
      ? { field: 'connection.provider.name', label: 'Provider' }
      : { field: 'connection.vendor.name', label: 'Vendor' },
    { field: 'id', label: 'ID' },
    { field: 'open_request', label: 'Open request', render: (c) => c.open_request?.id ?? '—' },
    { field: 'status', label: 'Status', render: (c) => <StatusChip status={c.status} /> },
    { field: 'updated', label: 'Updated' },
  ];
}

export const requestColumns: Column<TierConfigRequest>[] = [
  { field: 'id', label: 'ID' },
  { field: 'type', label: 'Type', render: (r) => statusLabel(r.type) },
  { field: 'configuration.account.name', label: 'Reseller', render: (r) => named(r.configuration.account) },
  { field: 'configuration.tier_level', label: 'Level', render: (r) => levelLabel(r.configuration.tier_level) },
  { field: 'configuration.product.name', label: 'Product', render: (r) => named(r.configuration.product) },
  { field: 'assignee.name', label: 'Assignee' },
  { field: 'status', label: 'Status', render: (r) => <StatusChip status={r.status} /> },
  { field: 'updated', label: 'Updated' },
];
