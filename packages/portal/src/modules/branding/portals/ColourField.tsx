import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { rgbOf } from './themeForm.ts';

const ColourPicker = lazy(() => import('./ColourPicker.tsx'));

/** A hex colour: typed (#abc or #aabbcc), or picked on the swatch; the message of the spec §5 rule below it. */
export function ColourField({
  label,
  value,
  onChange,
  error,
  help,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  help?: ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const valid = rgbOf(value) !== null;
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? help}
        fullWidth
        slotProps={{
          htmlInput: { spellCheck: false, autoComplete: 'off' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <ButtonBase
                  aria-label={`Pick the ${label.toLowerCase()} colour`}
                  onClick={(e) => setAnchor(e.currentTarget)}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: 1,
                    border: '1px solid rgba(0, 0, 0, 0.3)',
                    bgcolor: valid ? value.trim() : 'transparent',
                    backgroundImage: valid
                      ? 'none'
                      : 'linear-gradient(45deg, transparent 45%, #d32f2f 45%, #d32f2f 55%, transparent 55%)',
                  }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 1.5 }}>
          <Suspense fallback={<CircularProgress size={24} aria-label="Loading the colour picker" />}>
            <ColourPicker color={valid ? value.trim() : '#000000'} onChange={onChange} />
          </Suspense>
        </Box>
      </Popover>
    </>
  );
}
