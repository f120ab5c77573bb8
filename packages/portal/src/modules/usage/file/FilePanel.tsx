import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { USAGE_FILE_MAX_BYTES, USAGE_UPLOADABLE, usageFileResource, type UsageFile } from '@trellis/domain/usage/file';
import { uploadForm } from '../../../api/upload.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { UploadBox } from '../../../components/UploadBox.tsx';
import { fileApi, filePage, isBusy } from '../data.ts';
import { UsageTemplateButton } from '../UsageTemplateButton.tsx';
import { ProcessingProgress } from './ProcessingProgress.tsx';

const count = (n: number) => n.toLocaleString('en-US');

/** Where the file stands and what to do next: its processing, its result, and the vendor's upload. */
function outcome(f: UsageFile, vendor: boolean): ReactNode {
  if (isBusy(f)) return <ProcessingProgress file={f} />;
  if (f.status === 'invalid') {
    const rows = f.errors?.length ?? 0;
    return (
      <Alert severity="error">
        {rows
          ? `${count(Math.max(rows, f.records.invalid))} rows of the spreadsheet have errors.${vendor ? ' Fix them and upload it again.' : ''}`
          : `${f.error_detail || 'The spreadsheet could not be read.'}${vendor ? ' Upload a corrected spreadsheet.' : ''}`}
        {/* under the words, not beside them: a phone keeps the message readable */}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, ml: -0.5 }}>
          <Button color="inherit" size="small" component={RouterLink} to={`${filePage(f.id)}?tab=errors`}>
            See errors
          </Button>
          {f.processed_file_uri && (
            <Button color="inherit" size="small" href={f.processed_file_uri} download>
              Download processed file
            </Button>
          )}
        </Box>
      </Alert>
    );
  }
  if (f.status === 'ready')
    return (
      <Alert severity="success">
        {`${count(f.stats.validated)} records are ready.`}
        {vendor && ` Submit the file to ${f.provider.name} for acceptance.`}
      </Alert>
    );
  if (f.status === 'rejected' && vendor)
    return (
      <Alert severity="warning">
        {`${f.provider.name} rejected the file${f.rejection_note ? `: ${f.rejection_note}` : '.'}`} Upload a corrected
        spreadsheet, or reprocess it.
      </Alert>
    );
  return null;
}

/**
 * The top of a usage file's Overview: the processing under way (polled by the page), its outcome, and for the vendor
 * while the file may change the upload of its spreadsheet (with the product's template to fill in).
 */
export function FilePanel({ file: f }: { file: UsageFile }) {
  const auth = useAuth();
  const client = useQueryClient();
  const vendor = auth.account.id === f.vendor.id;
  const canUpload = vendor && allows(auth.permissions, usageFileResource.module) && USAGE_UPLOADABLE.includes(f.status);
  const path = fileApi(f.id);

  const upload = async (file: File, opts: Parameters<typeof uploadForm>[2]) => {
    const form = new FormData();
    form.append('usage_file', file, file.name);
    const answer = await uploadForm<UsageFile>(`${path}/upload`, form, opts);
    // the answer is the file, now uploaded: the page polls it from here on
    if (answer && typeof answer === 'object' && 'id' in answer) client.setQueryData(['get', path], answer);
    await client.invalidateQueries({ queryKey: ['get', path] });
    void client.invalidateQueries({ queryKey: ['list'] });
  };

  const shown = outcome(f, vendor);
  if (!shown && !canUpload) return null;
  const hint = f.usage_file_uri
    ? `Uploading again replaces ${f.file_name ?? 'the spreadsheet'} and its records.`
    : 'Fill in the product’s template: one row per usage record, in the records sheet.';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 3 }}>
      {shown}
      {canUpload && (
        <UploadBox
          what="the filled-in usage template"
          types={['xlsx']}
          maxBytes={USAGE_FILE_MAX_BYTES}
          field="usage_file"
          upload={upload}
          hint={hint}
        >
          <UsageTemplateButton productId={f.product.id} />
        </UploadBox>
      )}
    </Box>
  );
}
