import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { formatBytes } from '@trellis/domain/format/bytes';
import { fileSize } from '@trellis/domain/validation/file-size';
import { fileType } from '@trellis/domain/validation/rules';
import { ApiError, errorMessage } from '../api/errors.ts';
import type { UploadOptions } from '../api/upload.ts';

export interface UploadBoxProps {
  /** What to drop or choose, e.g. "the filled-in usage template". */
  what: string;
  /** Accepted extensions, without the dot. */
  types: readonly string[];
  maxBytes: number;
  /** The form field the server names in its messages (`usage_file: Wrong file format` reads "Wrong file format"). */
  field?: string;
  /** Sends the file with progress; resolves once the server has it all. */
  upload: (file: File, opts: UploadOptions) => Promise<unknown>;
  /** A sentence under the box (what happens to what is there now). */
  hint?: ReactNode;
  /** More buttons beside "Choose file" (e.g. the template download). */
  children?: ReactNode;
  disabled?: boolean;
}

/** The server's words for the upload field without the field name ("usage_file: Wrong file format"). */
function uploadError(err: unknown, field?: string): string {
  if (field && err instanceof ApiError) {
    const own = err.fieldErrors[field];
    if (own?.length) return own.join('\n');
  }
  return errorMessage(err);
}

/**
 * A file to send: dropped or chosen, checked for its type and size before a byte goes out, then sent with a progress
 * bar of the bytes (name, size, percent) that can be cancelled; the server's refusal is shown under it.
 */
export function UploadBox({ what, types, maxBytes, field, upload, hint, children, disabled }: UploadBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<{ name: string; size: number; loaded: number; total: number } | null>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  // leaving the page cancels an upload under way
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File) => {
    const refused = fileType(file.name, types) ?? fileSize(file.size, maxBytes);
    if (refused) return setError(`${file.name}: ${refused}`);
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setSending({ name: file.name, size: file.size, loaded: 0, total: file.size });
    try {
      await upload(file, {
        signal: controller.signal,
        onProgress: (p) => setSending((s) => s && { ...s, loaded: p.loaded, total: p.total }),
      });
    } catch (err) {
      if (!controller.signal.aborted) setError(uploadError(err, field));
    } finally {
      abort.current = null;
      setSending(null);
      if (input.current) input.current.value = '';
    }
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !sending && !disabled) void send(file);
  };
  const percent = sending && sending.total ? Math.min(100, Math.round((sending.loaded / sending.total) * 100)) : 0;

  return (
    <Box>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
        }}
      >
        {sending ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-word' }}>
              Uploading {sending.name} ({formatBytes(sending.size)}): {percent}%
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={`Uploading ${sending.name}`}
              sx={{ mb: 1 }}
            />
            <Button size="small" onClick={() => abort.current?.abort()}>
              Cancel upload
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <UploadFileIcon color="action" />
            <Typography variant="body2" sx={{ flex: '1 1 220px' }} id={hintId}>
              Drop {what} here, or choose it: {types.map((t) => `.${t}`).join(', ')}, up to {formatBytes(maxBytes)}.
            </Typography>
            <Button
              variant="contained"
              size="small"
              disabled={disabled}
              onClick={() => input.current?.click()}
              aria-describedby={hintId}
            >
              Choose file
            </Button>
            {children}
          </Box>
        )}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="upload-input"
          accept={types.map((t) => `.${t}`).join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
          }}
        />
      </Box>
      {hint && !sending && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
