import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NavLink } from '../../../app/nav.tsx';
import { z } from 'zod';
import { zEmail } from '@trellis/domain/validation/zod';
import { api } from '../../../api/client.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useRecaptcha } from '../../../components/Recaptcha.tsx';

const Schema = z.object({ email: zEmail() });
type Form = z.infer<typeof Schema>;

/** Ask for a password-set link by e-mail. The answer never reveals whether the address is known. */
export default function PasswordRestorePage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const captcha = useRecaptcha();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: zodResolver(Schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email ?? '';
    setServerError(null);
    try {
      await api.post('/auth/password/restore', {
        email: email.trim(),
        ...(captcha.token ? { recaptcha: captcha.token } : {}),
      });
      setSentTo(email.trim());
    } catch (err) {
      captcha.reset();
      const field = err instanceof ApiError ? err.fieldErrors.email?.[0] : undefined;
      if (field) setError('email', { message: field });
      else setServerError(errorMessage(err));
    }
  });

  return (
    <CenteredCard title="Restore password" subtitle="We will e-mail you a link to set a new password.">
      {sentTo ? (
        <Alert severity="success">If {sentTo} belongs to a user, a link to set a new password is on its way.</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <PlainTextField
            label="E-mail"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            error={!!errors.email}
            helperText={errors.email?.message}
            {...register('email')}
          />
          {captcha.element}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting || (captcha.enabled && !captcha.token)}
          >
            Send link
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={NavLink} to="/login" variant="body2">
          Back to log in
        </Link>
      </Box>
    </CenteredCard>
  );
}
