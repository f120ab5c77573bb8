import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { mfaApi, type MfaEnrolment } from './api.ts';
import { MfaProofForm } from './MfaProofForm.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Phase = { at: 'intro' } | { at: 'scan'; enrolment: MfaEnrolment } | { at: 'codes'; codes: string[] };

/**
 * Setting up TOTP: an intro (the user starts it: merely seeing the step changes nothing), then the QR code and the
 * secret as text with a field for the first code, then the recovery codes, shown once. Used by the sign-in's enrol
 * step and by the profile.
 */
export function EnrolFlow({
  userId,
  email,
  onFinished,
  finishLabel = 'Continue',
  cancel,
}: {
  userId: string;
  email: string;
  onFinished: () => void | Promise<void>;
  finishLabel?: string;
  /** "Not now" / "Cancel": shown beside the first steps' buttons. */
  cancel?: ReactNode;
}) {
  const [phase, setPhase] = useState<Phase>({ at: 'intro' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      setPhase({ at: 'scan', enrolment: await mfaApi.start(userId) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const finish = async () => {
    setBusy(true);
    try {
      await onFinished();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  if (phase.at === 'intro')
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Typography variant="body2">
          With multi-factor authentication (MFA), signing in takes your password and a code from an authenticator app on
          your phone (such as Google Authenticator, Microsoft Authenticator, 1Password or FreeOTP).
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {cancel}
          <Button variant="contained" onClick={() => void start()} disabled={busy}>
            {busy ? 'Starting…' : 'Set up MFA'}
          </Button>
        </Box>
      </Box>
    );

  if (phase.at === 'scan') {
    const { enrolment } = phase;
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">
          1. Scan this QR code with your authenticator app, or type the key below into it.
        </Typography>
        <Box
          component="img"
          src={enrolment.qr_code}
          alt="QR code to add this account to your authenticator app"
          sx={{ width: 192, height: 192, alignSelf: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
        <Box>
          <Typography variant="caption" color="text.secondary" component="div" id="mfa-secret-label">
            Key for {email}
          </Typography>
          <Typography
            aria-labelledby="mfa-secret-label"
            data-testid="mfa-secret"
            sx={{ fontFamily: 'monospace', fontSize: 16, wordBreak: 'break-all', userSelect: 'all' }}
          >
            {groupSecret(enrolment.secret)}
          </Typography>
        </Box>
        <Typography variant="body2">2. Enter the code the app shows for it.</Typography>
        <MfaProofForm
          recovery={false}
          submitLabel="Verify and turn on"
          secondary={cancel}
          onSubmit={async (proof) => {
            const verified = await mfaApi.verify(userId, proof);
            setPhase({ at: 'codes', codes: verified.recovery_codes ?? [] });
          }}
        />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="success">Multi-factor authentication is on.</Alert>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <RecoveryCodes codes={phase.codes} label={email} />
      <Button variant="contained" onClick={() => void finish()} disabled={busy}>
        {finishLabel}
      </Button>
    </Box>
  );
}
