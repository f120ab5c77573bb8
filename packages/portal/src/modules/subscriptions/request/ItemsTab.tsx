import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Request } from '@trellis/domain/fulfillment/request';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { statusLabel } from '../../../components/StatusChip.tsx';

/** The items the request orders; a change shows the quantity before it too. */
export function ItemsTab({ request: r }: { request: Request }) {
  const items = r.asset.items;
  const change = r.type === 'change' || items.some((i) => i.old_quantity !== undefined);
  if (!items.length) return <Paper variant="outlined"><EmptyState title="No items">This request orders no items.</EmptyState></Paper>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Items">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>MPN</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Period</TableCell>
            {change && <TableCell align="right">Old quantity</TableCell>}
            <TableCell align="right">Quantity</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.display_name || i.id}<br /><small>{i.id}</small></TableCell>
              <TableCell>{i.mpn}</TableCell>
              <TableCell>{statusLabel(i.item_type || i.type)}</TableCell>
              <TableCell>{i.period ? statusLabel(i.period) : '—'}</TableCell>
              {change && <TableCell align="right">{i.old_quantity ?? '—'}</TableCell>}
              <TableCell align="right">{i.quantity}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
