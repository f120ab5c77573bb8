import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { useAuth, useSession } from '../session/SessionProvider.tsx';
import type { AuthContext } from '../session/types.ts';

/**
 * On every page of a session logged in as another user (impersonation): who is logged in as whom, and the way back
 * to the impersonator's own session. Sticks under the top bar while the page scrolls, and wraps on a phone.
 */
export function ImpersonationBanner() {
  const auth = useAuth();
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const imp = auth.impersonator;
  if (!imp) return null;

  const back = async () => {
    setBusy(true);
    setError(null);
    try {
      const own = await api.post<AuthContext | null>('/auth/impersonate/return');
      if (own?.session_id) {
        session.signedIn(own);
        navigate(`/accounts/${auth.account.id}`, { replace: true });
      } else {
        // an API key's session, or the own session ended meanwhile: nothing to return to
        session.reset();
        navigate('/login', { replace: true });
      }
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      variant="standard"
      role="status"
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: (t) => t.zIndex.appBar - 1,
        mx: { xs: -2, md: -4 },
        borderRadius: 0,
        borderBottom: 2,
        borderColor: 'warning.main',
        alignItems: 'center',
        '& .MuiAlert-action': { pt: 0 },
      }}
      action={
        <Button color="inherit" variant="outlined" size="small" disabled={busy} onClick={() => void back()}>
          Return
        </Button>
      }
    >
      You are logged in as <b>{auth.user?.name ?? auth.user?.email}</b> ({auth.account.name}) on behalf of{' '}
      <b>{imp.name}</b> ({imp.account.name}).
      {error && <div>{error}</div>}
    </Alert>
  );
}
