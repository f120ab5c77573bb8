import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ATTRIBUTE_STATUSES, type Translation, type TranslationAttribute } from '@trellis/domain/catalog/localization';
import { errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { downloadAttributes, uploadAttributes } from './files.ts';

const STATUS_TONES: Record<string, 'default' | 'success' | 'warning'> = {
  untranslated: 'default',
  translated: 'success',
  outdated: 'warning',
};
const STATUS_LABELS: Record<string, string> = {
  untranslated: 'Untranslated',
  translated: 'Translated',
  outdated: 'Outdated',
};

export const attributesPath = (translationId: string) => `/localization/translations/${translationId}/attributes`;

export interface AttributesEditorProps {
  translation: Translation;
  /** The caller may change this translation's values (translationAccess().canEditTranslation). */
  canEdit: boolean;
  /** Unsaved texts of this translation by attribute key (kept by the tab in session storage). */
  draft: Record<string, string>;
  onDraftChange: (draft: Record<string, string>) => void;
}

/** Original text vs translated value per attribute, with status; save, spreadsheet download and upload. */
export function AttributesEditor({ translation: t, canEdit, draft, onDraftChange }: AttributesEditorProps) {
  const client = useQueryClient();
  const path = attributesPath(t.id);
  const list = useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<TranslationAttribute>(path, 'ordering(key)', signal),
  });
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const byKey = new Map((list.data ?? []).map((a) => [a.key, a]));
  const changes = Object.entries(draft).filter(([k, v]) => byKey.has(k) && (byKey.get(k)!.value ?? '') !== v);
  const needle = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter(
    (a) =>
      (!status || a.status === status) &&
      (!needle ||
        a.key.toLowerCase().includes(needle) ||
        a.original.toLowerCase().includes(needle) ||
        (a.value ?? '').toLowerCase().includes(needle)),
  );

  const edit = (a: TranslationAttribute, text: string) => {
    const next = { ...draft };
    if (text === (a.value ?? '')) delete next[a.key];
    else next[a.key] = text;
    onDraftChange(next);
  };
  const put = useWrite<TranslationAttribute[], { key: string; value: string }[]>({ method: 'PUT', path });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['list'] });
  };
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ severity: 'success', text: await work() });
    } catch (err) {
      setMessage({ severity: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const changed = await put.mutateAsync(changes.map(([key, value]) => ({ key, value })));
      onDraftChange({});
      return `Saved ${changed.length === 1 ? '1 attribute' : `${changed.length} attributes`}.`;
    });
  const upload = (file: File) =>
    run(async () => {
      const changed = await uploadAttributes(t.id, file);
      await refresh();
      return `The spreadsheet changed ${changed.length === 1 ? '1 attribute' : `${changed.length} attributes`}.`;
    });

  return (
    <Paper variant="outlined" component="section" aria-label={`Attributes of ${t.locale.name}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2 }}>
        <Typography variant="subtitle1" sx={{ mr: 1 }}>{`${t.locale.name} (${t.locale.id})`}</Typography>
        <TextField
          size="small"
          label="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: 200 }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 150 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All</option>
          {ATTRIBUTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<FileDownloadIcon />}
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await downloadAttributes(t.id, `${t.id}-${t.locale.id}.xlsx`);
              return 'Spreadsheet downloaded.';
            })
          }
        >
          Download xlsx
        </Button>
        {canEdit && (
          <>
            <Button startIcon={<FileUploadIcon />} disabled={busy} onClick={() => fileInput.current?.click()}>
              Upload xlsx
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label="Spreadsheet to upload"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
          </>
        )}
      </Box>
      {changes.length > 0 && canEdit && (
        <Alert
          severity="warning"
          sx={{ mx: 2, mb: 1 }}
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" size="small" disabled={busy} onClick={() => onDraftChange({})}>
                Discard
              </Button>
              <Button color="inherit" size="small" variant="outlined" disabled={busy} onClick={() => void save()}>
                Save
              </Button>
            </Box>
          }
        >
          {changes.length === 1 ? '1 unsaved change' : `${changes.length} unsaved changes`} (kept if you reload this
          page).
        </Alert>
      )}
      {message && (
        <Alert
          severity={message.severity}
          sx={{ mx: 2, mb: 1, whiteSpace: 'pre-line' }}
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{(list.isFetching || busy) && <LinearProgress />}</Box>
      {list.isError ? (
        <Box sx={{ p: 2 }}>
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : (
        <Table size="small" aria-label="Attributes">
          <TableHead>
            <TableRow>
              {['Key', 'Original', 'Value', 'Status'].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((a) => {
              const edited = a.key in draft && draft[a.key] !== (a.value ?? '');
              return (
                <TableRow key={a.key}>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', width: '22%' }}>
                    {a.key}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-line', width: '33%' }}>{a.original}</TableCell>
                  <TableCell sx={{ width: '33%' }}>
                    {canEdit ? (
                      <TextField
                        size="small"
                        fullWidth
                        multiline
                        maxRows={8}
                        value={a.key in draft ? draft[a.key] : (a.value ?? '')}
                        onChange={(e) => edit(a, e.target.value)}
                        slotProps={{ htmlInput: { 'aria-label': `Value of ${a.key}` } }}
                      />
                    ) : (
                      <Box sx={{ whiteSpace: 'pre-line' }}>
                        {a.value ?? (
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            —
                          </Box>
                        )}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    {edited ? (
                      <Chip size="small" color="info" label="Edited" />
                    ) : (
                      <Chip
                        size="small"
                        color={STATUS_TONES[a.status] ?? 'default'}
                        variant={a.status === 'untranslated' ? 'outlined' : 'filled'}
                        label={STATUS_LABELS[a.status] ?? a.status}
                      />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {list.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                  {list.data.length ? 'No attributes match.' : 'The product has no texts to translate yet.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
