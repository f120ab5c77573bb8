import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { periodLabel } from '@trellis/domain/catalog/item';
import type { AssetItem } from '@trellis/domain/fulfillment/asset';

/** "-1" is unlimited (spec §3); pay-per-use items are billed by what is reported. */
export const quantityText = (item: Pick<AssetItem, 'quantity' | 'type'>) =>
  (item.quantity === '-1' || item.quantity === 'unlimited' ? 'Unlimited' : item.type === 'ppu' && item.quantity === '0' ? 'By usage' : item.quantity);

/** The subscription's items and how many of each it holds. */
export function AssetItems({ items }: { items: readonly AssetItem[] }) {
  if (!items.length) return <Typography color="text.secondary">No items.</Typography>;
  return (
    <Table size="small" aria-label="Subscription items">
      <TableHead>
        <TableRow>
          <TableCell>Item</TableCell><TableCell>MPN</TableCell><TableCell>Type</TableCell><TableCell>Period</TableCell>
          <TableCell align="right">Quantity</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((i) => (
          <TableRow key={i.id}>
            <TableCell>{i.display_name}<Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>{i.id}</Typography></TableCell>
            <TableCell>{i.mpn}</TableCell>
            <TableCell>{i.item_type}</TableCell>
            <TableCell>{i.type === 'ppu' ? '—' : periodLabel(i.period)}</TableCell>
            <TableCell align="right">{quantityText(i)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
