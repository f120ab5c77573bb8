import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NavLink, useNav, useSearchParams } from '../../../app/nav.tsx';
import { z } from 'zod';
import type { Account } from '@trellis/domain/identity/account';
import { ACCOUNT_ROLE_LABELS } from '@trellis/domain/identity/account';
import type { AccountInvitation } from '@trellis/domain/identity/account-invitation';
import { INVALID_CONFIRMATION_CODE } from '@trellis/domain/format/constants';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { zPassword } from '@trellis/domain/validation/password';
import { zAccountName } from '@trellis/domain/validation/zod';
import { api, apiRequest } from '../../../api/client.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { codeMessage, isCodeError } from './codeMessage.ts';

const Schema = (newUser: boolean) =>
  z
    .object({
      name: zAccountName(),
      userName: newUser ? z.string().trim().min(1, REQUIRED) : z.string(),
      password: newUser ? zPassword() : z.string(),
      confirm: z.string(),
    })
    .refine((v) => !newUser || v.confirm.length > 0, { message: REQUIRED, path: ['confirm'] })
    .refine((v) => !newUser || !v.confirm || v.password === v.confirm, {
      message: 'Passwords do not match',
      path: ['confirm'],
    });
type Form = z.infer<ReturnType<typeof Schema>>;

/**
 * /signup?code=…&account=… — open an account with an account invitation (spec §7 POST /accounts?code=). The page
 * reads the invitation with its code; a new user chooses its name and password, a signed-in user opens it as itself.
 */
export default function SignUpPage() {
  const params = useSearchParams();
  const session = useSession();
  const { navigate } = useNav();
  const code = params.get('code') ?? '';
  const parent = params.get('account') ?? '';
  const me = session.context?.user && !session.context.impersonator ? session.context.user : null;
  const invitation = useQuery<AccountInvitation | null, ApiError>({
    queryKey: ['signup', parent, code],
    enabled: !!code && !!parent,
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<AccountInvitation[]>(`/accounts/${encodeURIComponent(parent)}/invitations`, {
          query: `code=${encodeURIComponent(code)}`,
          signal,
          // once the account is opened the code is spent: a re-read's 401 must not end the new session
          byCode: true,
        })
      ).data[0] ?? null,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);
  const newUser = !me;
  const form = useForm<Form>({
    resolver: zodResolver(Schema(newUser)),
    defaultValues: { name: '', userName: '', password: '', confirm: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const inv = invitation.data;
  const codeProblem =
    !code || !parent ? INVALID_CONFIRMATION_CODE : invitation.error ? codeMessage(invitation.error) : null;

  const onSubmit = handleSubmit(async (v) => {
    setServerError(null);
    setNeedsLogin(false);
    try {
      const account = await api.post<Account>(
        '/accounts',
        { name: v.name.trim(), ...(newUser ? { user: { name: v.userName.trim(), password: v.password } } : {}) },
        `code=${encodeURIComponent(code)}`,
      );
      // in: a new user with its new password, a signed-in one by switching to the new account
      if (newUser) await session.login(inv!.email, v.password);
      await session.switchAccount(account.id);
      navigate('/', { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (fields.name?.[0]) setError('name', { message: fields.name[0] });
      else if (fields['user.password']?.[0]) setError('password', { message: fields['user.password'][0] });
      else if (fields['user.name']?.[0]) setError('userName', { message: fields['user.name'][0] });
      else {
        // an e-mail that already has a user: that user signs in, then comes back here
        if (err instanceof ApiError && err.status === 403 && !isCodeError(err)) setNeedsLogin(true);
        setServerError(isCodeError(err) ? codeMessage(err) : errorMessage(err));
      }
    }
  });

  const here = `/signup?${params.toString()}`;
  const kind = inv
    ? inv.type === 'vendor'
      ? 'vendor account'
      : `${ACCOUNT_ROLE_LABELS[inv.role] ?? inv.role} account`
    : 'account';
  return (
    <CenteredCard
      title="Open your account"
      subtitle={
        inv ? (
          <>
            <b>{inv.owner.name}</b> invites <b>{inv.email}</b> to open a {kind.toLowerCase()}, managed by{' '}
            {inv.owner.name}.
          </>
        ) : undefined
      }
    >
      {codeProblem ? (
        <Alert severity="error" role="alert">
          <div>{codeProblem}</div>
          <div>Ask whoever invited you for a new invitation.</div>
        </Alert>
      ) : invitation.isPending ? (
        <Skeleton height={160} />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {inv?.message && (
            <Alert severity="info" role="note">
              {inv.message}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}{' '}
              {needsLogin && (
                <Link component={NavLink} to={`/login?next=${encodeURIComponent(here)}`}>
                  Log in
                </Link>
              )}
            </Alert>
          )}
          {me && (
            <Alert severity="info" role="note">
              You are logged in as {me.name} ({me.email}): you will be the new account&apos;s administrator.
            </Alert>
          )}
          <PlainTextField
            label="Account name"
            autoFocus
            fullWidth
            error={!!errors.name}
            helperText={errors.name?.message ?? '4 to 64 characters.'}
            {...register('name')}
          />
          {newUser && (
            <>
              <PlainTextField
                label="Your name"
                autoComplete="name"
                fullWidth
                error={!!errors.userName}
                helperText={errors.userName?.message}
                {...register('userName')}
              />
              <PlainTextField
                label="Password"
                type="password"
                autoComplete="new-password"
                fullWidth
                error={!!errors.password}
                helperText={errors.password?.message ?? 'At least 8 characters, with a letter and a digit.'}
                {...register('password')}
              />
              <PlainTextField
                label="Repeat the password"
                type="password"
                autoComplete="new-password"
                fullWidth
                error={!!errors.confirm}
                helperText={errors.confirm?.message}
                {...register('confirm')}
              />
            </>
          )}
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            Open the account
          </Button>
          {newUser && (
            <Link
              component={NavLink}
              to={`/login?next=${encodeURIComponent(here)}`}
              variant="body2"
              sx={{ alignSelf: 'center' }}
            >
              Already have a login? Log in first
            </Link>
          )}
        </Box>
      )}
    </CenteredCard>
  );
}
