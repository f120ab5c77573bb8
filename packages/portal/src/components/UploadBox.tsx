import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useId, type ReactNode } from 'react';
import { formatBytes } from '@trellis/domain/format/bytes';
import { fileSize } from '@trellis/domain/validation/file-size';
import { fileType } from '@trellis/domain/validation/rules';
import type { UploadOptions } from '../api/upload.ts';
import { UploadProgress, useFileUpload } from './useFileUpload.tsx';

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

/**
 * A file to send: dropped or chosen, checked for its type and size before a byte goes out, then sent with a progress
 * bar of the bytes (name, size, percent) that can be cancelled; the server's refusal is shown under it.
 */
export function UploadBox({ what, types, maxBytes, field, upload, hint, children, disabled }: UploadBoxProps) {
  const { input, sending, over, error, clearError, send, dropTarget, cancel } = useFileUpload({
    check: (file) => fileType(file.name, types) ?? fileSize(file.size, maxBytes),
    upload,
    field,
  });
  const hintId = useId();

  return (
    <Box>
      <Box
        {...dropTarget(!disabled)}
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
          <UploadProgress sending={sending} onCancel={cancel} />
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
        <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }} onClose={clearError}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
