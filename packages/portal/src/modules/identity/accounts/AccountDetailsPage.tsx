import { useParams } from 'react-router';
import { accountResource, type Account } from '@trellis/domain/identity/account';
import { allows, IMPERSONATION_MODULE } from '@trellis/domain/identity/modules';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail, type DetailTab } from '../../../components/ResourceDetail.tsx';
import { ManagedUsersTab } from './ManagedUsersTab.tsx';

/**
 * One account: its declared fields and events. An account the current one manages also lists its users, to log in as
 * one of them (with the impersonation module).
 */
export default function AccountDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const mayLogInAs = allows(auth.permissions, IMPERSONATION_MODULE) && !auth.impersonator;
  const tabs: DetailTab<Account>[] =
    mayLogInAs && id !== auth.account.id
      ? [{ id: 'users', label: 'Users', render: (a) => (a.parent ? <ManagedUsersTab account={a} /> : null) }]
      : [];
  return <ResourceDetail<Account> resource={accountResource} path={`/accounts/${id}`} tabs={tabs} />;
}
