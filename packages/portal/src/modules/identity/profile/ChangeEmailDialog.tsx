import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { zEmail } from '@trellis/domain/validation/zod';
import { api } from '../../../api/client.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { codeMessage } from '../auth/codeMessage.ts';

const AskSchema = z.object({ email: zEmail(), password: z.string().min(1, REQUIRED) });
const CodeSchema = z.object({ code: z.string().trim().min(1, REQUIRED) });

/**
 * Change the e-mail address in two steps (POST /auth/email/change): the new address and the password; then the code
 * e-mailed to the new address (or its link). Until the code comes back nothing changes.
 */
export function ChangeEmailDialog({
  open,
  current,
  onClose,
  onDone,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onDone: (email: string) => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = useForm<z.infer<typeof AskSchema>>({
    resolver: zodResolver(AskSchema),
    defaultValues: { email: '', password: '' },
  });
  const confirm = useForm<z.infer<typeof CodeSchema>>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });
  useEffect(() => {
    if (open) {
      ask.reset();
      confirm.reset();
      setSentTo(null);
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh dialog each time it opens
  }, [open]);

  const sendCode = ask.handleSubmit(async (v) => {
    setError(null);
    try {
      const answer = await api.post<{ email: string }>('/auth/email/change', {
        email: (v.email ?? '').trim(),
        password: v.password,
      });
      setSentTo(answer.email);
    } catch (err) {
      setError(applyServerErrors(err, ['email', 'password'], ask.setError));
    }
  });
  const applyCode = confirm.handleSubmit(async (v) => {
    setError(null);
    try {
      const answer = await api.post<{ email: string }>(
        '/auth/email/change',
        undefined,
        `code=${encodeURIComponent(v.code.trim())}`,
      );
      onDone(answer.email);
    } catch (err) {
      setError(codeMessage(err));
    }
  });

  if (sentTo)
    return (
      <FormDialog
        open={open}
        title="Change e-mail"
        submitLabel="Confirm"
        busy={confirm.formState.isSubmitting}
        error={error}
        onClose={onClose}
        onSubmit={(e) => void applyCode(e)}
        maxWidth="xs"
      >
        <Typography variant="body2">
          We sent a code to <b>{sentTo}</b>. Open the link in that e-mail, or paste the code here. Until then you keep
          signing in with {current}.
        </Typography>
        <PlainTextField
          label="Code from the e-mail"
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          error={!!confirm.formState.errors.code}
          helperText={confirm.formState.errors.code?.message}
          {...confirm.register('code')}
        />
      </FormDialog>
    );
  return (
    <FormDialog
      open={open}
      title="Change e-mail"
      submitLabel="Send code"
      busy={ask.formState.isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={(e) => void sendCode(e)}
      maxWidth="xs"
    >
      <Typography variant="body2">
        You sign in with {current}. A code goes to the new address; the address changes once you confirm it.
      </Typography>
      <PlainTextField
        label="New e-mail"
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        error={!!ask.formState.errors.email}
        helperText={ask.formState.errors.email?.message}
        {...ask.register('email')}
      />
      <PlainTextField
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
        error={!!ask.formState.errors.password}
        helperText={ask.formState.errors.password?.message}
        {...ask.register('password')}
      />
    </FormDialog>
  );
}
