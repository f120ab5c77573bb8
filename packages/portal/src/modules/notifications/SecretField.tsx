import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useState } from 'react';
import { WEBHOOK_SECRET_MIN } from '@trellis/domain/notifications/webhook';
import { generateSecret } from './secret.ts';

export interface SecretFieldProps {
  value: string;
  onChange: (secret: string) => void;
  /** Editing: empty keeps the current secret. */
  keeps?: boolean;
  error?: string;
  disabled?: boolean;
}

/**
 * The JWT secret that signs each call: typed, or generated (32 random characters, shown so it can be copied to the
 * receiver). Hidden while typed unless the user shows it.
 */
export function SecretField({ value, onChange, keeps, error, disabled }: SecretFieldProps) {
  const [shown, setShown] = useState(false);
  const help = keeps
    ? 'Leave empty to keep the current secret.'
    : `At least ${WEBHOOK_SECRET_MIN} characters. Give the receiver a copy: afterwards only its last 4 characters show.`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={keeps ? 'New JWT secret' : 'JWT secret'}
        required={!keeps}
        fullWidth
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error ?? help}
        slotProps={{
          input: {
            sx: { fontFamily: shown ? 'monospace' : undefined },
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={shown ? 'Hide' : 'Show'}>
                  <IconButton
                    aria-label={shown ? 'Hide secret' : 'Show secret'}
                    onClick={() => setShown(!shown)}
                    edge="end"
                  >
                    {shown ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={() => {
          onChange(generateSecret());
          setShown(true);
        }}
        sx={{ mt: 1, flexShrink: 0 }}
      >
        Generate
      </Button>
    </Stack>
  );
}
