import { useParams } from 'react-router';
import { accountInvitationResource, type AccountInvitation } from '@trellis/domain/identity/account-invitation';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { fillPath } from '../../../components/fillPath.ts';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';

/** One account invitation: its fields, what happened to it, resend and revoke. */
export default function AccountInvitationDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  usePageChrome({ backRoute: pathTo('accounts.invitations') });
  const base = fillPath(accountInvitationResource.path, { accountId: auth.account.id });
  return (
    <ResourceDetail<AccountInvitation>
      resource={accountInvitationResource}
      path={`${base}/${id}`}
      title={(i) => i.email}
    />
  );
}
