import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { assetItemPeriod, assetItemQuantity, assetItemType, type AssetItem } from '@trellis/domain/fulfillment/asset';
import { EmptyState } from '../../../components/EmptyState.tsx';

export interface ItemsTableProps {
  items: readonly AssetItem[];
  /** The table's accessible name. */
  label: string;
  /** A change shows the quantity before it too. */
  withOldQuantity?: boolean;
  empty?: string;
}

/**
 * The items of a subscription or of a request: type, period and quantity read as the product's items tab shows
 * them (domain asset.ts), so one item looks the same everywhere.
 */
export function ItemsTable({ items, label, withOldQuantity = false, empty = 'No items.' }: ItemsTableProps) {
  if (!items.length) return <EmptyState title="No items">{empty}</EmptyState>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>MPN</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Period</TableCell>
            {withOldQuantity && <TableCell align="right">Old quantity</TableCell>}
            <TableCell align="right">Quantity</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>
                {i.display_name || i.id}
                <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace' }}>
                  {i.id}
                </Typography>
              </TableCell>
              <TableCell>{i.mpn}</TableCell>
              <TableCell>{assetItemType(i)}</TableCell>
              <TableCell>{assetItemPeriod(i)}</TableCell>
              {withOldQuantity && <TableCell align="right">{assetItemQuantity(i, i.old_quantity) || '—'}</TableCell>}
              <TableCell align="right">{assetItemQuantity(i, i.quantity)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
