import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { UsageFile, UsageFileRowError } from '@trellis/domain/usage/file';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * An invalid file's report: each bad row of the spreadsheet with its record id and what is wrong with it, and the
 * processed file (the spreadsheet with an error column) to fix it in.
 */
export function ErrorsTab({ file: f }: { file: UsageFile }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const errors = f.errors ?? [];
  const total = Math.max(errors.length, f.records.invalid);
  const summary =
    errors.length === 0
      ? f.error_detail || 'The spreadsheet has no row errors.'
      : total > errors.length
        ? `The first ${count(errors.length)} of ${count(total)} rows with errors; the processed file lists them all.`
        : f.error_detail || `${count(errors.length)} ${errors.length === 1 ? 'row has' : 'rows have'} errors.`;
  const messages = (e: UsageFileRowError) =>
    e.messages.length === 1 ? (
      e.messages[0]
    ) : (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {e.messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </Box>
    );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" sx={{ flex: '1 1 280px' }}>
          {summary}
        </Typography>
        {f.processed_file_uri && (
          <Button variant="outlined" size="small" startIcon={<FileDownloadIcon />} href={f.processed_file_uri} download>
            Download processed file
          </Button>
        )}
      </Box>
      {errors.length > 0 &&
        (phone ? (
          // a phone has no room for three columns: one block per row
          <Box component="ul" aria-label="Rows with errors" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {errors.map((e) => (
              <Box
                component="li"
                key={e.row}
                sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
              >
                <Typography variant="subtitle2" component="p">
                  Row {e.row}
                  {e.record_id && (
                    <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 400 }}>
                      {' · '}
                      {e.record_id}
                    </Box>
                  )}
                </Typography>
                <Typography variant="body2" component="div">
                  {messages(e)}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Rows with errors">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, width: 72 }} align="right">
                    Row
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>Record ID</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>Errors</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errors.map((e) => (
                  <TableRow key={e.row}>
                    <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                      {e.row}
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {e.record_id || '—'}
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{messages(e)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
    </Box>
  );
}
