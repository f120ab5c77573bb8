import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { useLightForm } from '../../../components/form/useLightForm.ts';
import { NavLink, Redirect, useNav, useSearchParams } from '../../../app/nav.tsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { api } from '../../../api/client.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import type { AuthContext } from '../../../app/session/types.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useBrand } from '../../../app/branding/brand.ts';
import { useSession } from '../../../app/session/session.ts';
import { PageFallback } from '../../../app/PageFallback.tsx';
import { safeNext } from './safeNext.ts';
import { useRecaptcha } from '../../../components/Recaptcha.tsx';
import { onSsoMessage, openSsoPopup, ssoServices, startLogin, type SsoLogin, type SsoService } from './sso.ts';

// The second step (MFA) is its own chunk: most sign-ins never load it, and the login route stays small.
const MfaLoginStep = lazy(() => import('../mfa/MfaLoginStep.tsx'));

/** `/auth/user/check`: how the user signs in (contract: `mode` saml = the domain enforces its SAML provider). */
interface UserCheck {
  idp?: { id: string; name: string; type: string };
  mode?: 'saml' | 'sso';
  login?: SsoLogin;
}

/** The user's organisation signs in with single sign-on: the provider to use instead of the password. */
interface SsoRequired {
  name?: string;
  login?: SsoLogin;
}

/** A refusal of the password that names single sign-on (the server's 403 for a user who must use it). */
const namesSso = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && /single sign-on|\bsso\b|identity provider/i.test(err.message);

/** One button per SSO service: opens /redirect?service= in a pop-up (this window when the pop-up is blocked). */
function SsoButton({ service, onBlocked }: { service: SsoService; onBlocked: (path: string) => void }) {
  const path = `/redirect?service=${encodeURIComponent(service.id)}`;
  return (
    <Button
      variant="outlined"
      size="large"
      onClick={() => {
        if (!openSsoPopup(path)) onBlocked(path);
      }}
      startIcon={service.icon ? <img src={service.icon} alt="" width={20} height={20} /> : undefined}
    >
      Sign in with {service.name}
    </Button>
  );
}

/**
 * E-mail and password; the server's message (e.g. 'Invalid e-mail or password.') is shown as is. When the answer
 * (or the context of a session reloaded mid-way) names an MFA step, that step follows before the portal opens.
 */
export default function LoginPage() {
  const session = useSession();
  const { navigate, preloadApp } = useNav();
  const params = useSearchParams();
  const next = safeNext(params.get('next'));
  const [serverError, setServerError] = useState<string | null>(null);
  const [ssoRequired, setSsoRequired] = useState<SsoRequired | null>(null);
  // not react-hook-form: two required fields do not need it, and the login page's JavaScript is budgeted
  const { field, handleSubmit, errors, isSubmitting } = useLightForm({
    email: (v) => (v.trim() ? true : REQUIRED),
    password: (v) => (v ? true : REQUIRED),
  });
  const brand = useBrand();
  const captcha = useRecaptcha();
  const services = ssoServices(brand);

  // The pop-up's outcome: signed in → the session as after a password login; else its message on the form.
  const signedIn = session.signedIn;
  useEffect(
    () =>
      onSsoMessage((m) => {
        if (!m.ok) {
          setServerError(m.message || 'Single sign-on failed.');
          return;
        }
        api.get<AuthContext>('/auth/context').then(signedIn, (err) => setServerError(errorMessage(err)));
      }),
    [signedIn],
  );

  useEffect(() => {
    document.title = `Log in · ${brand.title}`;
  }, [brand.title]);

  if (session.context?.mfa)
    return (
      <Suspense fallback={<PageFallback />}>
        <MfaLoginStep context={session.context} />
      </Suspense>
    );
  if (session.context) return <Redirect to={next} />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    setSsoRequired(null);
    preloadApp(); // the portal's code, fetched while the password is checked
    try {
      const ctx = await session.login(email.trim(), password, captcha.token);
      if (!ctx.mfa) navigate(next, { replace: true });
    } catch (err) {
      captcha.reset();
      // Only a refused password asks how the user signs in: an organisation that enforces single sign-on is named.
      let check: UserCheck | null = null;
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429)
        check = await api.post<UserCheck>('/auth/user/check', { email: email.trim() }).catch(() => null);
      if (namesSso(err) || check?.mode === 'saml') setSsoRequired({ name: check?.idp?.name, login: check?.login });
      else setServerError(errorMessage(err));
    }
  });

  return (
    <CenteredCard title="Log in" subtitle={`Use the e-mail address and password of your ${brand.title} user.`}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {ssoRequired && (
          <Alert severity="info" role="alert">
            Your organisation signs you in with single sign-on.
          </Alert>
        )}
        {ssoRequired?.login && (
          <Button
            variant="contained"
            size="large"
            onClick={() => startLogin(ssoRequired.login!, (path) => navigate(path))}
          >
            Sign in with {ssoRequired.name ?? 'single sign-on'}
          </Button>
        )}
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        <PlainTextField
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={!!errors.email}
          helperText={errors.email?.message}
          {...field('email')}
        />
        <PlainTextField
          label="Password"
          type="password"
          autoComplete="current-password"
          fullWidth
          error={!!errors.password}
          helperText={errors.password?.message}
          {...field('password')}
        />
        {captcha.element}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isSubmitting || (captcha.enabled && !captcha.token)}
        >
          {isSubmitting ? 'Logging in…' : 'Log in'}
        </Button>
        <Link component={NavLink} to="/password/restore" variant="body2" sx={{ alignSelf: 'center' }}>
          Forgot your password?
        </Link>
        {services.length > 0 && (
          <Box
            aria-hidden
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'text.secondary',
              fontSize: 14,
              '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
            }}
          >
            or
          </Box>
        )}
        {services.map((s) => (
          <SsoButton key={s.id} service={s} onBlocked={(path) => navigate(path)} />
        ))}
      </Box>
    </CenteredCard>
  );
}
