import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@trellis/domain/format/bytes';
import { ApiError, errorMessage } from '../api/errors.ts';
import type { UploadOptions } from '../api/upload.ts';

// One file sent with progress, shared by the upload box and the case attachments: checked before a byte goes out,
// sent with its bytes counted, cancellable (and cancelled when the page is left); the refusal is kept to show.

export interface Sending {
  name: string;
  size: number;
  loaded: number;
  total: number;
}

export interface FileUploadOptions<R> {
  /** Why the file may not go (the server's words), or null. */
  check: (file: File) => string | null;
  /** Sends the file with progress; resolves once the server has it all. */
  upload: (file: File, opts: UploadOptions) => Promise<R>;
  /** The form field the server names in its messages: shown without it ("file: The file is empty." → "The file is empty."). */
  field?: string;
  onDone?: (result: R) => void;
}

/** The server's words for the upload field without the field name, else its message. */
function uploadError(err: unknown, field?: string): string {
  const own = field && err instanceof ApiError ? err.fieldErrors[field] : undefined;
  return own?.length ? own.join('\n') : errorMessage(err);
}

export function useFileUpload<R>({ check, upload, field, onDone }: FileUploadOptions<R>) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [over, setOver] = useState(false);
  // leaving the page cancels an upload under way
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File) => {
    const refused = check(file);
    if (refused) return setError(`${file.name}: ${refused}`);
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setSending({ name: file.name, size: file.size, loaded: 0, total: file.size });
    try {
      const result = await upload(file, {
        signal: controller.signal,
        onProgress: (p) => setSending((s) => s && { ...s, loaded: p.loaded, total: p.total }),
      });
      onDone?.(result);
    } catch (err) {
      if (!controller.signal.aborted) setError(uploadError(err, field));
    } finally {
      abort.current = null;
      setSending(null);
      if (input.current) input.current.value = '';
    }
  };

  /** Drag-and-drop handlers for the element that takes a dropped file (when `enabled`: the browser opens it otherwise). */
  const dropTarget = (enabled: boolean) => ({
    onDragOver: (e: DragEvent) => {
      if (!enabled) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      if (!enabled) return;
      e.preventDefault();
      setOver(false);
      const file = e.dataTransfer.files[0];
      if (file && !sending) void send(file);
    },
  });

  return {
    /** The hidden file input's ref: `input.current?.click()` opens the chooser. */
    input,
    sending,
    over,
    error,
    clearError: () => setError(null),
    send,
    dropTarget,
    cancel: () => abort.current?.abort(),
  };
}

/** The file being sent: name, size, percent, a progress bar and "Cancel upload". */
export function UploadProgress({ sending, onCancel }: { sending: Sending; onCancel: () => void }) {
  const percent = sending.total ? Math.min(100, Math.round((sending.loaded / sending.total) * 100)) : 0;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-word' }}>
        Uploading {sending.name} ({formatBytes(sending.size)}): {percent}%
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={`Uploading ${sending.name}`} sx={{ mb: 0.5 }} />
      <Button size="small" onClick={onCancel}>
        Cancel upload
      </Button>
    </Box>
  );
}
