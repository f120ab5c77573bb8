import { useParams } from 'react-router';
import { tierAccountRequestResource, type TierAccountRequest } from '@trellis/domain/customers/tier-account-request';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { AccountChanges } from './AccountChanges.tsx';
import { accountRequestsPath, tierLabel } from './data.ts';

/**
 * One tier account request: the account's new data and what changed since the version before, the product and
 * the provider; the vendor accepts it or ignores it (with an optional reason). Everything else is declared.
 */
export default function TierAccountRequestDetailsPage() {
  const { id = '' } = useParams();
  usePageChrome({ backRoute: accountRequestsPath() }, []);
  return (
    <ResourceDetail<TierAccountRequest>
      resource={tierAccountRequestResource}
      path={`${tierAccountRequestResource.path}/${id}`}
      extra={(r) => [
        { label: 'Tier', value: tierLabel(r.account) },
        { label: 'Changes', value: <AccountChanges account={r.account} /> },
      ]}
    />
  );
}
