import { COUNTED_STATUSES } from '@trellis/domain/dashboard/counted';
import { sideCount } from '../../resources/parties.ts';
import { defineArea } from '../types.ts';
import { onTierAccountChanged } from './hooks.ts';
import { fileRequests, tierAccountRequests } from './tier-account-requests.ts';
import { tierAccounts, tierAccountVersions, tierAccountVersionTable } from './tier-accounts.ts';

/**
 * Customers: tier accounts (customers, T1 and T2 resellers) with their versions, and the tier account requests
 * that tell vendors about a changed account. The reference has no separate customers path: a provider's
 * customers are GET /tier/accounts?eq(scopes,customer).
 */
export const customers = defineArea({
  name: 'customers',
  resources: [tierAccounts, tierAccountVersions, tierAccountRequests],
  tables: [tierAccountVersionTable],
  // Dashboard: account changes the vendor has not looked at yet.
  counters: {
    tier_account_requests: {
      visibleTo: ['vendor'],
      count: sideCount('tier_account_requests', COUNTED_STATUSES.tier_account_requests.vendor),
    },
  },
  connect: () => void onTierAccountChanged(fileRequests),
});
