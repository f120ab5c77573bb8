import { accountResource } from '@trellis/domain/identity/account';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';

/** The accounts the user belongs to. */
export default function AccountsPage() {
  usePageChrome({ title: 'Accounts' });
  return (
    <ResourceTable
      resource={accountResource}
      noun="accounts"
      rowLink={(a) => pathTo('accounts.details', { id: a.id! })}
    />
  );
}
