import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NavLink, useNav, useSearchParams } from '../../../app/nav.tsx';
import { z } from 'zod';
import { INVALID_CONFIRMATION_CODE } from '@trellis/domain/format/constants';
import { zPassword } from '@trellis/domain/validation/password';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { api } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { AuthContext } from '../../../app/session/types.ts';
import { codeMessage } from './codeMessage.ts';
import { InvitationSummary } from './InvitationSummary.tsx';
import { useRecaptcha } from '../../../components/Recaptcha.tsx';

const Schema = z
  .object({ password: zPassword(), confirm: z.string() })
  .refine((v) => v.confirm.length > 0, { message: REQUIRED, path: ['confirm'] })
  .refine((v) => !v.confirm || v.password === v.confirm, { message: 'Passwords do not match', path: ['confirm'] });
type Form = z.infer<typeof Schema>;

/** /password/set?code=… — choose a password from an invitation or a restore e-mail. */
export default function PasswordSetPage() {
  const params = useSearchParams();
  const session = useSession();
  const { navigate } = useNav();
  const code = params.get('code') ?? '';
  // an invitation's link names its account: the page says who invites whom before the password is chosen
  const invitedTo = params.get('account');
  const [done, setDone] = useState(false);
  const captcha = useRecaptcha();
  const [serverError, setServerError] = useState<string | null>(code ? null : INVALID_CONFIRMATION_CODE);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: zodResolver(Schema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      const answer = await api.post<Partial<AuthContext> | null>(
        `/auth/password/set`,
        { password, ...(captcha.token ? { recaptcha: captcha.token } : {}) },
        `code=${encodeURIComponent(code)}`,
      );
      // The server logs the user in when they belong to an account: go straight in.
      if (answer?.account && answer.session_id) {
        // a mandatory MFA step follows the new password as it follows a sign-in (the login page shows it); an
        // optional one is offered at the next sign-in, so a new member lands in the account at once
        if (answer.mfa && !answer.mfa.mandatory) session.signedIn({ ...(answer as AuthContext), mfa: undefined });
        else session.signedIn(answer as AuthContext);
        navigate(answer.mfa?.mandatory ? '/login' : '/', { replace: true });
      } else setDone(true);
    } catch (err) {
      captcha.reset();
      const field = err instanceof ApiError ? err.fieldErrors.password?.[0] : undefined;
      if (field) setError('password', { message: field });
      else setServerError(codeMessage(err));
    }
  });

  if (done) {
    return (
      <CenteredCard title="Password set">
        <Alert severity="success" sx={{ mb: 2 }}>
          Your password has been set. You can log in with it now.
        </Alert>
        <Button variant="contained" component={NavLink} to="/login" fullWidth>
          Go to log in
        </Button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title="Set your password" subtitle="At least 8 characters, with at least one letter and one digit.">
      {code && invitedTo && <InvitationSummary code={code} account={invitedTo} />}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}{' '}
            <Link component={NavLink} to="/password/restore">
              Request a new link
            </Link>
          </Alert>
        )}
        <PlainTextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          disabled={!code}
          error={!!errors.password}
          helperText={errors.password?.message}
          {...register('password')}
        />
        <PlainTextField
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          fullWidth
          disabled={!code}
          error={!!errors.confirm}
          helperText={errors.confirm?.message}
          {...register('confirm')}
        />
        {captcha.element}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isSubmitting || !code || (captcha.enabled && !captcha.token)}
        >
          Set password
        </Button>
      </Box>
    </CenteredCard>
  );
}
