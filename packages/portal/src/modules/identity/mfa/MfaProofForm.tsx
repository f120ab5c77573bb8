import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TOTP_CODE_FORMAT, TOTP_DIGITS } from '@trellis/domain/identity/mfa-rule';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import type { MfaProof } from './api.ts';

/** What a code field holds once the spaces apps show ("123 456") are gone, or the message saying what is wrong. */
export function readCode(value: string): { code: string } | { error: string } {
  const code = value.replace(/\s+/g, '');
  if (!code) return { error: REQUIRED };
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? { code } : { error: TOTP_CODE_FORMAT };
}

/**
 * A code from the authenticator app, or (a link away) a recovery code: the sign-in's verify step, and the proof the
 * profile asks for before turning MFA off or renewing the recovery codes. The server's message lands on the field.
 */
export function MfaProofForm({
  onSubmit,
  submitLabel,
  recovery = true,
  autoFocus,
  secondary,
}: {
  onSubmit: (proof: MfaProof) => Promise<void>;
  submitLabel: string;
  /** Offer "Use a recovery code instead". */
  recovery?: boolean;
  autoFocus?: boolean;
  /** Buttons beside the submit button (Cancel). */
  secondary?: ReactNode;
}) {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    let proof: MfaProof;
    if (mode === 'code') {
      const read = readCode(value);
      if ('error' in read) return setFieldError(read.error);
      proof = { code: read.code };
    } else {
      if (!value.trim()) return setFieldError(REQUIRED);
      proof = { recovery_code: value.trim() };
    }
    setFieldError(null);
    setBusy(true);
    try {
      await onSubmit(proof);
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors[mode === 'code' ? 'code' : 'recovery_code']?.[0] : null;
      if (field) setFieldError(field);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setFieldError(null);
    setFormError(null);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {mode === 'code' ? (
        <PlainTextField
          key="code"
          label="Code from your app"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          fullWidth
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!fieldError}
          helperText={fieldError ?? `The ${TOTP_DIGITS}-digit code your authenticator app shows now`}
          inputProps={{ inputMode: 'numeric', maxLength: 12, style: { letterSpacing: 4, fontFamily: 'monospace' } }}
        />
      ) : (
        <PlainTextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          autoFocus
          fullWidth
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!fieldError}
          helperText={fieldError ?? 'One of the codes you saved when you set up MFA (each works once)'}
          inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {secondary}
        <Button type="submit" variant="contained" disabled={busy} sx={{ flexGrow: secondary ? 0 : 1 }}>
          {busy ? 'Checking…' : submitLabel}
        </Button>
      </Box>
      {recovery && (
        <Link component="button" type="button" variant="body2" onClick={switchMode} sx={{ alignSelf: 'center' }}>
          {mode === 'code' ? 'Use a recovery code instead' : 'Use a code from your app instead'}
        </Link>
      )}
    </Box>
  );
}
