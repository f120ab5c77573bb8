import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '@trellis/domain/format/bytes';
import {
  REPOSITORY_ARCHIVE_FIELD,
  REPOSITORY_ARCHIVE_MAX_BYTES,
  TAG_MESSAGE,
  TAG_RE,
  reportRepositoryResource,
  type ReportsRepository,
} from '@trellis/domain/reporting/repository';
import { reportTemplateResource } from '@trellis/domain/reporting/template';
import { fileSize } from '@trellis/domain/validation/file-size';
import { fileType } from '@trellis/domain/validation/rules';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { repositoryApiPath } from '../paths.ts';
import { problemsOf } from './repositories.ts';

export interface RepositoryUploadDialogProps {
  open: boolean;
  /** The repository the archive is a new version of (PUT); none adds a repository (POST). */
  repository?: ReportsRepository | null;
  onClose: () => void;
  /** With the repository as the server answered it: `configuring` while its code is checked. */
  onSaved: (repository: ReportsRepository) => void;
}

const TYPES = ['zip'];

/**
 * Add a report repository, or upload a new version of one: its .zip archive (reports.json and the reports' code) and
 * optionally the version's tag, sent as multipart/form-data. A refused archive stays in the dialog with every problem
 * the server names (each file or manifest field that is wrong), so all of them are fixed before the next try.
 */
export function RepositoryUploadDialog({ open, repository, onClose, onSaved }: RepositoryUploadDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [tag, setTag] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [tagError, setTagError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useWrite<ReportsRepository, FormData>(
    {
      method: repository ? 'PUT' : 'POST',
      path: repository ? repositoryApiPath(repository.id) : reportRepositoryResource.path,
    },
    {
      lists: [reportRepositoryResource.path, reportTemplateResource.path],
      objects: repository ? [repositoryApiPath(repository.id)] : [],
    },
  );
  const busy = save.isPending;

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setTag('');
    setFileError(null);
    setTagError(null);
    setProblems([]);
    if (input.current) input.current.value = '';
  }, [open]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblems([]);
    setFileError(chosen && (fileType(chosen.name, TYPES) ?? fileSize(chosen.size, REPOSITORY_ARCHIVE_MAX_BYTES)));
  };

  const submit = async () => {
    const wrongFile = file ? fileError : "Choose the repository's .zip archive.";
    const wrongTag = tag.trim() && !TAG_RE.test(tag.trim()) ? TAG_MESSAGE : null;
    setFileError(wrongFile);
    setTagError(wrongTag);
    if (wrongFile || wrongTag || !file) return;
    const form = new FormData();
    if (tag.trim()) form.set('tag', tag.trim());
    form.set(REPOSITORY_ARCHIVE_FIELD, file, file.name);
    setProblems([]);
    try {
      onSaved(await save.mutateAsync(form));
    } catch (err) {
      setProblems(problemsOf(err));
    }
  };

  const name = repository ? (repository.name ?? repository.id) : null;
  return (
    <FormDialog
      open={open}
      title={repository ? 'Upload new version' : 'Add repository'}
      submitLabel="Upload"
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {name
          ? `A new version of ${name}. Its templates make no reports while the new version's code is checked.`
          : "A .zip archive with the manifest reports.json at its root and the reports' JavaScript. Its code is checked before its templates run."}
      </Typography>
      {problems.length > 0 && (
        <Alert severity="error" role="alert">
          <AlertTitle>
            {problems.length === 1
              ? 'The archive was not accepted'
              : `The archive was not accepted (${problems.length} problems)`}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5, wordBreak: 'break-word' }}>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
            aria-describedby={fileId}
          >
            {file ? 'Choose another file' : 'Choose .zip file'}
          </Button>
          <Typography
            id={fileId}
            variant="body2"
            color={fileError ? 'error' : 'text.secondary'}
            sx={{ flex: '1 1 200px', wordBreak: 'break-word' }}
          >
            {file
              ? `${file.name} (${formatBytes(file.size)})`
              : `No file chosen: .zip, up to ${formatBytes(REPOSITORY_ARCHIVE_MAX_BYTES)}.`}
            {fileError && (
              <Box component="span" sx={{ display: 'block' }}>
                {fileError}
              </Box>
            )}
          </Typography>
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept=".zip,application/zip"
          aria-label="Repository archive (.zip)"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
      </Box>
      <TextField
        label="Tag"
        fullWidth
        value={tag}
        disabled={busy}
        onChange={(e) => {
          setTag(e.target.value);
          setTagError(null);
        }}
        error={!!tagError}
        helperText={tagError ?? "Optional: defaults to the manifest's version."}
        slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off', spellCheck: false } }}
      />
      {busy && file && (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5, wordBreak: 'break-word' }}>
            Uploading {file.name}…
          </Typography>
          <LinearProgress aria-label={`Uploading ${file.name}`} />
        </Box>
      )}
    </FormDialog>
  );
}
