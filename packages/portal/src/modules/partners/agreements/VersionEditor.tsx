import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import { AgreementVersionUpdate, type AgreementVersion } from '@trellis/domain/partners/agreement';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { DocumentFields, documentBody, type DocumentInput } from './document/DocumentFields.tsx';
import { documentPath } from './document/DocumentView.tsx';

/** A draft's document: markdown (with preview) or a link, saved with PUT; or a PDF uploaded in its place. */
export function VersionEditor({
  agreementId,
  version,
  onDone,
}: {
  agreementId: string;
  version: AgreementVersion;
  onDone: () => void;
}) {
  const path = `/agreements/${agreementId}/versions/${version.version}`;
  const objects = [path, documentPath(agreementId, version.version)];
  const d = version.document;
  const [value, setValue] = useState<DocumentInput>({
    format: d.format === 'link' ? 'link' : 'markdown',
    text: d.text ?? '',
    link: d.link ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useWrite<AgreementVersion, object>(
    { method: 'PUT', path },
    { objects, notice: (v) => `The document of version ${v.version} was saved.` },
  );
  const upload = useWrite<AgreementVersion, File>(
    {
      method: 'POST',
      path: `${path}/document`,
      body: (file) => {
        const form = new FormData();
        form.set('file', file);
        return form;
      },
    },
    { objects, notice: (v) => `The PDF is now the document of version ${v.version}.` },
  );
  const busy = save.isPending || upload.isPending;

  const fail = (err: unknown) => {
    const fields = err instanceof ApiError ? err.fieldErrors : {};
    const placed = Object.fromEntries(
      Object.entries(fields).map(([k, m]) => [k.replace(/^document\./, ''), m[0]] as const),
    );
    setErrors(placed);
    setError(Object.keys(placed).length ? null : errorMessage(err));
  };
  const submit = async () => {
    const body = { document: documentBody(value) };
    const parsed = AgreementVersionUpdate.safeParse(body);
    if (!parsed.success) {
      return setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[i.path.length - 1]), i.message])),
      );
    }
    setErrors({});
    setError(null);
    await save.mutateAsync(body).then(onDone, fail);
  };

  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      {d.format === 'pdf' && (
        <Alert severity="info">
          The document is an uploaded PDF{d.file_name ? ` (${d.file_name})` : ''}: saving text or a link replaces it.
        </Alert>
      )}
      <DocumentFields value={value} onChange={setValue} errors={errors} disabled={busy} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          Save document
        </Button>
        <Button disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="text.secondary">
          or
        </Typography>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
          Upload a PDF
          <input
            hidden
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutateAsync(file).then(onDone, fail);
            }}
          />
        </Button>
      </Box>
    </Stack>
  );
}
