import Alert from '@mui/material/Alert';
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
import type { ShownFile } from '../data.ts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * An invalid file's report: each bad row of the spreadsheet with its record id and what is wrong with it, and the
 * processed file (the spreadsheet with an error column) to fix it in.
 */
export function ErrorsTab({ file: f }: { file: ShownFile }) {
  const errors = f.errors ?? [];
  const total = Math.max(errors.length, f.records.invalid);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" sx={{ flex: '1 1 280px' }}>
          {errors.length === 0
            ? f.error_detail || 'The spreadsheet has no row errors.'
            : total > errors.length
              ? `The first ${count(errors.length)} of ${count(total)} rows with errors; the processed file lists them all.`
              : `${count(errors.length)} ${errors.length === 1 ? 'row has' : 'rows have'} errors.`}
        </Typography>
        {f.processed_file_uri && (
          <Button variant="outlined" size="small" startIcon={<FileDownloadIcon />} href={f.processed_file_uri} download>
            Download processed file
          </Button>
        )}
      </Box>
      {f.error_detail && errors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {f.error_detail}
        </Alert>
      )}
      {errors.length > 0 && (
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
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {e.messages.length === 1 ? (
                      e.messages[0]
                    ) : (
                      <Box component="ul" sx={{ m: 0, pl: 2 }}>
                        {e.messages.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
