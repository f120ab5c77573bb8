import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Partner } from '@trellis/domain/distribution/partner';

export interface ReceiverFieldProps {
  partners: UseQueryResult<Partner[]>;
  value: string;
  onChange: (accountId: string) => void;
  error?: string;
}

/**
 * Who receives the case: one of the account's active partners. A user who may not read the partners' list (it needs
 * the partners module; anyone may ask for help) types the partner's account id instead, which the server checks.
 */
export function ReceiverField({ partners, value, onChange, error }: ReceiverFieldProps) {
  if (partners.isError)
    return (
      <TextField
        label="Partner account ID"
        required
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="PA-000-000 or VA-000-000"
        slotProps={{ inputLabel: { shrink: true } }}
        error={!!error}
        helperText={error ?? 'The partner who receives the case; ask an administrator for its account ID.'}
      />
    );
  const none = partners.data?.length === 0;
  return (
    <TextField
      select
      label="Receiver"
      required
      fullWidth
      value={partners.data ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={!partners.data || none}
      error={!!error || none}
      helperText={
        error ??
        (none
          ? 'Your account has no active partners yet: a case goes to a partner.'
          : partners.isPending
            ? 'Loading your partners…'
            : 'The partner who is asked for help.')
      }
    >
      {(partners.data ?? []).map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name} ({p.id})
        </MenuItem>
      ))}
    </TextField>
  );
}
