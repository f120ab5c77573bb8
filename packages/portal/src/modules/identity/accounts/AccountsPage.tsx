import { accountResource, type Account } from '@trellis/domain/identity/account';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { accountTabs } from './accountTabs.ts';

/** The accounts the user belongs to, and (with the users module) the accounts its account manages. */
export default function AccountsPage() {
  const auth = useAuth();
  const managing = allows(auth.permissions, accountResource.module) && !auth.impersonator;
  usePageChrome({ title: 'Accounts', tabs: managing ? accountTabs() : [], activeTab: 'accounts' }, [managing]);
  return (
    <ResourceTable<Account>
      resource={accountResource}
      noun="accounts"
      rowLink={(a) => pathTo('accounts.details', { id: a.id! })}
    />
  );
}
