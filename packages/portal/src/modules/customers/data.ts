import { useQuery } from '@tanstack/react-query';
import { tierAccountResource, type TierAccount, type TierAccountType } from '@trellis/domain/customers/tier-account';
import { listAll } from '../../api/list.ts';
import { pathTo } from '../../app/routes.ts';

export const TIER_PATH = tierAccountResource.path;

/** The list page shows customers, or (second tab) the T1 / T2 resellers they are served through. */
export type CustomersView = 'customers' | 'resellers';

/** The directory tab (customers, or the resellers view of it). */
export const customersPath = (view: CustomersView = 'customers') =>
  `${pathTo('customers', { tab: 'directory' })}${view === 'resellers' ? '?view=resellers' : ''}`;
export const accountRequestsPath = () => pathTo('customers', { tab: 'requests' });
export const customerPath = (id: string) => pathTo('customers.directory.details', { id });
export const accountRequestPath = (id: string) => pathTo('customers.requests.details', { id });

export { tierLabel } from '@trellis/domain/customers/tier-account';

/** What a tier account of that type is called in titles and messages. */
export const noun = (type: TierAccountType) => (type === 'reseller' ? 'reseller' : 'customer');
export const Noun = (type: TierAccountType) => (type === 'reseller' ? 'Reseller' : 'Customer');

/** Active resellers a new account can be placed under: a customer under a T1 or T2, a reseller under a T1 (it becomes a T2). */
export function useParentOptions(type: TierAccountType, enabled: boolean) {
  const query = type === 'reseller' ? 'eq(scopes,tier1)&ordering(name)' : 'eq(type,reseller)&ordering(name)';
  return useQuery({
    queryKey: ['list', TIER_PATH, 'parents', type],
    queryFn: ({ signal }) => listAll<TierAccount>(TIER_PATH, query, signal),
    enabled,
  });
}

export { formatPhone } from '@trellis/domain/format/display';

export { notify } from '../../app/notices.ts';
