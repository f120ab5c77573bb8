import Box from '@mui/material/Box';
import type { Listing, ListingRequest } from '@trellis/domain/distribution/listing';
import type { Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../../components/StatusChip.tsx';
import { MarketplaceAvatar } from '../common/Marketplace.tsx';

const product = (p: { id: string; name: string }) => (
  <Box>
    <Box sx={{ fontWeight: 500 }}>{p.name}</Box>
    <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{p.id}</Box>
  </Box>
);

const marketplace = (m: { name: string; icon?: string | null }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <MarketplaceAvatar icon={m.icon} name={m.name} size={24} />
    {m.name}
  </Box>
);

/** "New · Reviewing": a request's type and status in a few words. */
export const requestSummary = (r: { type: string; status: string }) =>
  `${statusLabel(r.type)} · ${statusLabel(r.status)}`;

/** Listing columns; each side sees the other party (a vendor its provider, a provider the vendor). */
export function listingColumns(side: string): Column<Listing>[] {
  return [
    { field: 'product.name', label: 'Product', render: (l) => product(l.product) },
    { field: 'marketplace.name', label: 'Marketplace', render: (l) => marketplace(l.marketplace) },
    side === 'vendor' ? { field: 'provider.name', label: 'Provider' } : { field: 'vendor.name', label: 'Vendor' },
    { field: 'status', label: 'Status', render: (l) => <StatusChip status={l.status} /> },
    {
      field: 'pending_request',
      label: 'Request in progress',
      render: (l) => (l.pending_request ? requestSummary(l.pending_request) : '—'),
    },
    { field: 'updated', label: 'Updated' },
  ];
}

export function requestColumns(side: string): Column<ListingRequest>[] {
  return [
    { field: 'id', label: 'ID' },
    { field: 'type', label: 'Type', render: (r) => statusLabel(r.type) },
    // the request has its own id: names alone keep the rows to one line
    {
      field: 'product.name',
      label: 'Product',
      render: (r) => (
        <Box component="span" title={r.product.id} sx={{ whiteSpace: 'nowrap' }}>
          {r.product.name}
        </Box>
      ),
    },
    {
      field: 'marketplace.name',
      label: 'Marketplace',
      render: (r) => (
        <Box component="span" title={r.marketplace.id} sx={{ whiteSpace: 'nowrap' }}>
          {r.marketplace.name}
        </Box>
      ),
    },
    side === 'vendor' ? { field: 'provider.name', label: 'Provider' } : { field: 'vendor.name', label: 'Vendor' },
    { field: 'assignee.name', label: 'Assignee' },
    { field: 'status', label: 'Status', render: (r) => <StatusChip status={r.status} /> },
    { field: 'updated', label: 'Updated' },
  ];
}
