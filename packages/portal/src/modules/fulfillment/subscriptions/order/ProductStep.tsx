import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import type { Connection } from '@trellis/domain/distribution/connection';
import { NoCountryAlert } from '../../../distribution/common/Marketplace.tsx';
import { statusLabel } from '../../../../components/StatusChip.tsx';
import { useActiveConnections, useMarketplace, useOrderProducts, useProductListings } from './data.ts';
import type { OrderChoices } from './order.ts';

const SELECT = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export interface StepProps {
  order: OrderChoices;
  set: (patch: Partial<OrderChoices>) => void;
  /** Messages of this step's fields, by field. */
  errors: Record<string, string>;
}

const connectionLabel = (c: Connection) => `${c.hub.name} (${c.hub.id})`;

/** Step 1: the product, the connection (hub) it is ordered through and, for production, the marketplace it is listed in. */
export function ProductStep({
  order,
  set,
  errors,
  providerId,
  connection,
}: StepProps & { providerId: string; connection: Connection | undefined }) {
  const products = useOrderProducts(true);
  const connections = useActiveConnections(order.productId || undefined, providerId);
  const production = connection?.type === 'production';
  const listings = useProductListings(production ? order.productId : undefined);
  const marketplace = useMarketplace(production && order.marketplaceId ? order.marketplaceId : undefined);

  // One way to order it: take it.
  useEffect(() => {
    if (connections.data?.length === 1 && !order.connectionId) set({ connectionId: connections.data[0].id });
  }, [connections.data, order.connectionId, set]);
  useEffect(() => {
    if (listings.data?.length === 1 && !order.marketplaceId) set({ marketplaceId: listings.data[0].marketplace.id });
  }, [listings.data, order.marketplaceId, set]);

  const noConnection = !!order.productId && connections.data?.length === 0;
  const notListed = production && listings.data?.length === 0;
  return (
    <>
      <TextField
        select
        label="Product"
        required
        fullWidth
        value={order.productId}
        slotProps={SELECT}
        onChange={(e) => set({ productId: e.target.value, connectionId: '', marketplaceId: '', quantities: {} })}
        error={!!errors.productId}
        helperText={
          errors.productId ??
          (products.data?.length === 0
            ? 'No published product is connected to your hubs or listed in your marketplaces yet.'
            : undefined)
        }
      >
        <MenuItem value="" disabled>
          <em>Choose a product</em>
        </MenuItem>
        {(products.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name} ({p.id})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Connection"
        required
        fullWidth
        value={order.connectionId}
        slotProps={SELECT}
        disabled={!order.productId}
        onChange={(e) => set({ connectionId: e.target.value, marketplaceId: '' })}
        error={!!errors.connectionId || noConnection}
        helperText={
          errors.connectionId ??
          (noConnection
            ? 'This product has no active connection to your hubs.'
            : 'The hub the subscription is provisioned through.')
        }
      >
        <MenuItem value="" disabled>
          <em>Choose a connection</em>
        </MenuItem>
        {(connections.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {connectionLabel(c)}
              <Chip
                size="small"
                label={statusLabel(c.type)}
                color={c.type === 'production' ? 'primary' : 'default'}
                variant="outlined"
              />
            </Box>
          </MenuItem>
        ))}
      </TextField>
      {production && (
        <TextField
          select
          label="Marketplace"
          required
          fullWidth
          value={order.marketplaceId}
          slotProps={SELECT}
          onChange={(e) => set({ marketplaceId: e.target.value })}
          error={!!errors.marketplaceId || notListed}
          helperText={
            errors.marketplaceId ??
            (notListed
              ? 'This product is not listed in any of your marketplaces.'
              : 'A production order names the marketplace the product is listed in.')
          }
        >
          <MenuItem value="" disabled>
            <em>Choose a marketplace</em>
          </MenuItem>
          {(listings.data ?? []).map((l) => (
            <MenuItem key={l.marketplace.id} value={l.marketplace.id}>
              {l.marketplace.name} ({l.marketplace.id})
            </MenuItem>
          ))}
        </TextField>
      )}
      {marketplace.data && <NoCountryAlert marketplace={marketplace.data} />}
    </>
  );
}
