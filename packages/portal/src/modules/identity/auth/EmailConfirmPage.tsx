import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, useSearchParams } from '../../../app/nav.tsx';
import { INVALID_CONFIRMATION_CODE } from '@trellis/domain/format/constants';
import { api } from '../../../api/client.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { CONTEXT_KEY, useSession } from '../../../app/session/SessionProvider.tsx';
import { codeMessage } from './codeMessage.ts';

/**
 * /email/confirm?code=… — the link e-mailed to a new address: confirming makes it the user's e-mail (spec §7
 * POST /auth/email/change?code=). A button, not an automatic call, so a mail scanner opening the link changes nothing.
 */
export default function EmailConfirmPage() {
  const params = useSearchParams();
  const session = useSession();
  const client = useQueryClient();
  const code = params.get('code') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(code ? null : INVALID_CONFIRMATION_CODE);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ email: string }>(
        '/auth/email/change',
        undefined,
        `code=${encodeURIComponent(code)}`,
      );
      setDone(answer.email);
      if (session.context) await client.invalidateQueries({ queryKey: CONTEXT_KEY });
    } catch (err) {
      setError(codeMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredCard title="Confirm your new e-mail address">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {done ? (
          <>
            <Alert severity="success">
              Your e-mail address is now <b>{done}</b>. Sign in with it from now on.
            </Alert>
            <Button variant="contained" component={NavLink} to={session.context ? '/profile' : '/login'}>
              {session.context ? 'Go to your profile' : 'Go to log in'}
            </Button>
          </>
        ) : (
          <>
            {error && (
              <Alert severity="error" role="alert">
                <div>{error}</div>
                <div>Ask for a new code on your profile page.</div>
              </Alert>
            )}
            <Button variant="contained" size="large" disabled={busy || !code} onClick={() => void confirm()}>
              Confirm the new address
            </Button>
          </>
        )}
      </Box>
    </CenteredCard>
  );
}
