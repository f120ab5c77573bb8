import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { errorMessage } from '../../../api/errors.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useBrand } from '../../../app/branding/brand.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import { PageFallback } from '../../../app/PageFallback.tsx';
import { safeNext } from './safeNext.ts';
import { useRecaptcha } from '../../../components/Recaptcha.tsx';

// The second step (MFA) is its own chunk: most sign-ins never load it, and the login route stays small.
const MfaLoginStep = lazy(() => import('../mfa/MfaLoginStep.tsx'));

interface LoginForm {
  email: string;
  password: string;
}

/**
 * E-mail and password; the server's message (e.g. 'Invalid e-mail or password.') is shown as is. When the answer
 * (or the context of a session reloaded mid-way) names an MFA step, that step follows before the portal opens.
 */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });
  const brand = useBrand();
  const captcha = useRecaptcha();

  useEffect(() => {
    document.title = `Log in · ${brand.title}`;
  }, [brand.title]);

  if (session.context?.mfa)
    return (
      <Suspense fallback={<PageFallback />}>
        <MfaLoginStep context={session.context} />
      </Suspense>
    );
  if (session.context) return <Navigate to={next} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      const ctx = await session.login(email.trim(), password, captcha.token);
      if (!ctx.mfa) navigate(next, { replace: true });
    } catch (err) {
      captcha.reset();
      setServerError(errorMessage(err));
    }
  });

  return (
    <CenteredCard title="Log in" subtitle={`Use the e-mail address and password of your ${brand.title} user.`}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
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
          {...register('email', { validate: (v) => (v.trim() ? true : REQUIRED) })}
        />
        <PlainTextField
          label="Password"
          type="password"
          autoComplete="current-password"
          fullWidth
          error={!!errors.password}
          helperText={errors.password?.message}
          {...register('password', { validate: (v) => (v ? true : REQUIRED) })}
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
        <Link component={RouterLink} to="/password/restore" variant="body2" sx={{ alignSelf: 'center' }}>
          Forgot your password?
        </Link>
      </Box>
    </CenteredCard>
  );
}
