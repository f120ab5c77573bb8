import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import type { AccountUser } from '@trellis/domain/identity/user';
import { apiRequest } from '../../../api/client.ts';
import type { ApiError } from '../../../api/errors.ts';
import { codeMessage } from './codeMessage.ts';

type Invited = AccountUser & { account?: { id: string; name?: string } };

/**
 * Who is invited to which account, read with the invitation's code before any password exists (spec §7
 * GET /users?code=…&ordering(-events.invited.at) with the Account-Context header).
 */
export function InvitationSummary({ code, account }: { code: string; account: string }) {
  const invited = useQuery<Invited | null, ApiError>({
    queryKey: ['invitation', account, code],
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Invited[]>('/users', {
          query: `code=${encodeURIComponent(code)}&ordering(-events.invited.at)`,
          headers: { 'account-context': account },
          signal,
          // once the password is set the code is spent: a re-read's 401 must not end the new session
          byCode: true,
        })
      ).data[0] ?? null,
  });
  if (invited.error)
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {codeMessage(invited.error)}
      </Alert>
    );
  const u = invited.data;
  if (!u) return null;
  const by = u.events.invited?.by?.name;
  return (
    <Alert severity="info" role="note" sx={{ mb: 2 }}>
      {by ? <b>{by}</b> : 'You were'} invited <b>{u.email}</b> to join <b>{u.account?.name ?? u.account?.id}</b>. Choose
      a password to accept.
    </Alert>
  );
}
