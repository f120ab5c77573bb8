import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useRef, useState } from 'react';

/** Copies text; falls back to selecting the field when the clipboard API is unavailable (plain http). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** A read-only value in a monospace field with a copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    setCopied(await copyText(value, input.current));
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      inputRef={input}
      onFocus={(e) => e.target.select()}
      slotProps={{
        input: {
          readOnly: true,
          // tall enough that an underscore (record names such as _trellis-verification) is not clipped
          sx: { fontFamily: 'monospace', fontSize: 14, '& .MuiInputBase-input': { height: '1.6em' } },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? 'Copied' : 'Copy'}>
                <IconButton aria-label={copied ? 'Copied' : `Copy ${label}`} onClick={() => void copy()} edge="end">
                  {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
