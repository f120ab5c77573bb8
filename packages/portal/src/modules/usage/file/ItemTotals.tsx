import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UsageFile } from '@trellis/domain/usage/file';

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 10 });

/** The file's usage per item (`items`): what a processed spreadsheet reports, before it is submitted. */
export function ItemTotals({ file }: { file: Pick<UsageFile, 'items'> }) {
  if (!file.items.length) return null;
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h2" variant="subtitle2" sx={{ mb: 1.5, color: 'text.secondary' }}>
        Usage per item
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Usage per item">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Item</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>MPN</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Records
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Usage
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Unit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {file.items.map((i) => (
              <TableRow key={i.id}>
                <TableCell>{i.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{i.mpn ?? '—'}</TableCell>
                <TableCell align="right">{number(i.records)}</TableCell>
                <TableCell align="right">{number(i.usage)}</TableCell>
                <TableCell>{i.unit ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
