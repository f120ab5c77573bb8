import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Webhook } from '@trellis/domain/notifications/webhook';
import { EmptyState } from '../../components/EmptyState.tsx';

/** The custom headers every call of the webhook carries, name and value. */
export function HeadersTab({ webhook }: { webhook: Webhook }) {
  const rows = Object.entries(webhook.headers);
  if (!rows.length)
    return (
      <EmptyState title="No custom headers">
        Calls carry only the headers Trellis sets. Edit the webhook to add some.
      </EmptyState>
    );
  return (
    <Table size="small" aria-label="Headers">
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Name</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>Value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
