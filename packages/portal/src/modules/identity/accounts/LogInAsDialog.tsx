import { useNavigate } from 'react-router';
import type { AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { AuthContext } from '../../../app/session/types.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/**
 * "Log in as" a member of a managed account (spec §6 impersonation): the portal switches to a session of that user,
 * with a banner and a way back on every page. Everything done in it is recorded under both names.
 */
export function LogInAsDialog({
  account,
  member,
  onClose,
}: {
  account: { id: string; name: string };
  member: AccountUser | null;
  onClose: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={!!member}
      title="Log in as this user"
      confirmLabel="Log in as"
      onClose={onClose}
      onConfirm={async () => {
        const ctx = await api.post<AuthContext>('/auth/impersonate', {
          email: member!.email,
          account: { id: account.id },
        });
        session.signedIn(ctx);
        navigate('/', { replace: true });
      }}
    >
      {member && (
        <>
          You will work as <b>{member.name || member.email}</b> in <b>{account.name}</b> until you return to your own
          session. Everything you do there is recorded under both your names. You cannot change the user&apos;s
          password, e-mail or second factor.
        </>
      )}
    </ConfirmDialog>
  );
}
