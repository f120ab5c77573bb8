import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useNav, useSearchParams } from '../../../app/nav.tsx';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useSession } from '../../../app/session/session.ts';
import type { AuthContext } from '../../../app/session/types.ts';
import { followLogin, ownStart, type SsoLogin } from './sso.ts';
import { markPopup, tellOpener } from './ssoWindow.ts';

const SSO_FAILED = 'Single sign-on failed.';

/**
 * /redirect — the single sign-on window (spec §2; usually the pop-up the login page opened, else the login page's own
 * window when the pop-up was blocked):
 * - `?service=<id>` asks the service how to start (GET /sso/services/{id}/login) and goes to the provider;
 * - `?start=<path>` goes to a start of this portal's API the login page already had (`/auth/user/check`);
 * - `?sso=done` (where the server sends the browser once the provider signed the user in) tells the login page and
 *   closes, or without a login page opens the portal here;
 * - `?sso=error&message=` hands the message to the login page, or shows it here with a way back.
 */
export default function RedirectPage() {
  const params = useSearchParams();
  const service = params.get('service');
  const start = params.get('start');
  const outcome = params.get('sso');
  const message = params.get('message')?.trim() || SSO_FAILED;
  const session = useSession();
  const { navigate } = useNav();
  const [error, setError] = useState<string | null>(null);
  // effects run twice in development: the flow starts (and the opener hears) once
  const started = useRef(false);
  const signedIn = session.signedIn;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (outcome === 'done') {
      if (tellOpener({ type: 'trellis-sso', ok: true })) return;
      // no login page to tell: the session the server opened is this window's (the cookie), and the portal opens
      api.get<AuthContext>('/auth/context').then(
        (ctx) => {
          signedIn(ctx);
          navigate('/', { replace: true });
        },
        (err) => setError(errorMessage(err)),
      );
    } else if (outcome === 'error') {
      if (!tellOpener({ type: 'trellis-sso', ok: false, message })) setError(message);
    } else if (start !== null) {
      // a start the login page already had (/auth/user/check): only this portal's own API is followed
      const path = ownStart(start);
      if (path) {
        markPopup();
        window.location.assign(path);
      } else setError('The sign-on link is missing or not valid.');
    } else if (service) {
      api.get<SsoLogin>(`/sso/services/${encodeURIComponent(service)}/login`).then(
        (login) => {
          markPopup();
          if (!followLogin(login)) setError('The sign-in address of this service is not valid.');
        },
        (err) => setError(errorMessage(err)),
      );
    } else setError('The sign-on link is missing or not valid.');
  }, [outcome, service, start, message, signedIn, navigate]);

  const title = outcome === 'done' ? 'Signing you in' : 'Single sign-on';
  return (
    <CenteredCard title={error ? 'Single sign-on failed' : title}>
      {error ? (
        <>
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
          <Link component={NavLink} to="/login" variant="body2">
            Back to the login page
          </Link>
        </>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} />
          <Typography variant="body2" color="text.secondary">
            {outcome === 'done' ? 'Opening the portal…' : 'Taking you to your organisation’s sign-in…'}
          </Typography>
        </Box>
      )}
    </CenteredCard>
  );
}
