import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { Listing } from '@trellis/domain/distribution/listing';
import { statusLabel } from '../../../components/StatusChip.tsx';
import { MarketplaceAvatar } from '../common/Marketplace.tsx';

/** A marketplace's name beside its icon. */
export const marketplaceWithIcon = (m: { name: string; icon?: string | null }, name: ReactNode = m.name) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <MarketplaceAvatar icon={m.icon} name={m.name} size={24} />
    {name}
  </Box>
);

/** "New · Reviewing": a request's type and status in a few words. */
export const requestSummary = (r: { type: string; status: string }) =>
  `${statusLabel(r.type)} · ${statusLabel(r.status)}`;

/** The listing columns shown their own way in a list (the declaration's `list.columns` otherwise). */
export const listingRender: Partial<Record<string, (l: Listing) => ReactNode>> = {
  product: (l) => (
    <Box>
      <Box sx={{ fontWeight: 500 }}>{l.product.name}</Box>
      <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{l.product.id}</Box>
    </Box>
  ),
  marketplace: (l) => marketplaceWithIcon(l.marketplace),
  pending_request: (l) => (l.pending_request ? requestSummary(l.pending_request) : '—'),
};
