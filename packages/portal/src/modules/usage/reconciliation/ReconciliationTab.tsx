import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { allows } from '@trellis/domain/identity/modules';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { USAGE_FILE_MAX_BYTES, type UsageFile } from '@trellis/domain/usage/file';
import {
  RECONCILIATION_COLUMNS,
  reconciliationResource,
  type Reconciliation,
} from '@trellis/domain/usage/reconciliation';
import { useList } from '../../../api/hooks.ts';
import { uploadForm, type UploadOptions } from '../../../api/upload.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { UploadBox } from '../../../components/UploadBox.tsx';
import { fileApi, POLL_MS } from '../data.ts';
import { isMatching, ReconciliationSummary } from './ReconciliationSummary.tsx';

const LIST = reconciliationResource.path;

/**
 * The provider's reconciliation of an accepted file: its spreadsheet uploaded with a progress bar, then matched
 * record by record on the server (polled), and the result of the latest one with its downloads and actions. The
 * vendor reads the same, without the upload.
 */
export function ReconciliationTab({ file: f }: { file: UsageFile }) {
  const auth = useAuth();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const latest = useList<Reconciliation>(LIST, `eq(usagefile.id,${f.id})&ordering(-created)&limit=1`, {
    refetchInterval: (q) => (isMatching(q.state.data?.items[0]) ? POLL_MS : false),
  });
  const last = latest.data?.items[0];
  const canUpload =
    auth.account.id === f.provider.id &&
    allows(auth.permissions, reconciliationResource.module) &&
    f.status === 'accepted' &&
    !isMatching(last);

  const upload = async (file: File, opts: UploadOptions) => {
    const form = new FormData();
    if (note.trim()) form.append('upload_note', note.trim());
    form.append('recon_file', file, file.name);
    await uploadForm(`${fileApi(f.id)}/reconciliation`, form, opts);
    setNote('');
    await client.invalidateQueries({ queryKey: ['list', LIST] });
    void client.invalidateQueries({ queryKey: ['get', fileApi(f.id)] });
  };
  const base = (q: RqlBuilder) => q.eq('usagefile.id', f.id);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {canUpload && (
        <Box component="section" aria-label="Upload a reconciliation">
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            Your billing of this file, one row per record: the columns {RECONCILIATION_COLUMNS.join(', ')}. Each row is
            matched to the record of the same id.
          </Typography>
          <TextField
            label="Note"
            size="small"
            fullWidth
            value={note}
            onChange={(e) => setNote(e.target.value)}
            helperText="Optional; kept with the reconciliation."
            sx={{ mb: 1.5 }}
          />
          <UploadBox
            what="your reconciliation spreadsheet"
            types={['xlsx']}
            maxBytes={USAGE_FILE_MAX_BYTES}
            field="recon_file"
            upload={upload}
          />
        </Box>
      )}
      {latest.isError ? (
        <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />
      ) : last ? (
        <ReconciliationSummary reconciliation={last} />
      ) : (
        latest.data && (
          <EmptyState icon={<FactCheckOutlinedIcon />} title="No reconciliation yet">
            {auth.account.id === f.provider.id
              ? 'Upload your billing of the accepted records to match it against the file.'
              : `${f.provider.name} has not reconciled this file yet.`}
          </EmptyState>
        )
      )}
      {(latest.data?.total ?? 0) > 1 && (
        <Box component="section">
          <Typography component="h2" variant="subtitle2" sx={{ mb: 1.5, color: 'text.secondary' }}>
            All reconciliations of this file
          </Typography>
          <ResourceTable<Reconciliation>
            resource={reconciliationResource}
            stateKey="usage-file-reconciliations"
            base={base}
            noun="reconciliations"
          />
        </Box>
      )}
    </Box>
  );
}
