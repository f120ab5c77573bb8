import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { CopyField } from './CopyField.tsx';

export const SECRET_WARNING = 'Copy this value now and keep it somewhere safe: it will not be shown again.';

/** A secret the server returns once (new or rotated API token), with the warning that it cannot be read later. */
export function OneTimeSecret({ label, value }: { label: string; value: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{SECRET_WARNING}</Alert>
      <CopyField label={label} value={value} />
    </Stack>
  );
}
