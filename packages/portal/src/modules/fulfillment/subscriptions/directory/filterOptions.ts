import { useQuery } from '@tanstack/react-query';
import { productResource, type Product } from '@trellis/domain/catalog/product';
import { marketplaceResource, type Marketplace } from '@trellis/domain/distribution/marketplace';
import { allows } from '@trellis/domain/identity/modules';
import { tierAccountResource, type TierAccount } from '@trellis/domain/customers/tier-account';
import { listAll } from '../../../../api/list.ts';
import { useAuth } from '../../../../app/session/SessionProvider.tsx';
import type { PickerFilter } from '../../../../components/ResourceTable/ResourceTable.tsx';

// Options of the product / customer / marketplace filters of the subscription lists. Each list is read only when the
// user may read it (a picker whose list fails or is empty is simply not offered).

const options = (rows: { id: string; name: string | null }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: r.id, label: r.name ? `${r.name} (${r.id})` : r.id }));

function usePickerList<T>(path: string, query: string, enabled: boolean) {
  return useQuery({
    queryKey: ['list', path, 'filter-options', query],
    queryFn: ({ signal }) => listAll<T>(path, query, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The pickers of the asset list or the request list (a request carries product and customer under `asset.`, its
 * marketplace at the top). Customers are the provider's own tier accounts; a vendor finds a customer by search.
 */
export function useSubscriptionPickers(kind: 'asset' | 'request'): PickerFilter[] {
  const auth = useAuth();
  const provider = auth.account.type === 'provider';
  const products = usePickerList<Product>(
    '/products',
    'ordering(name)',
    allows(auth.permissions, productResource.module),
  );
  const marketplaces = usePickerList<Marketplace>(
    '/marketplaces',
    'ordering(name)',
    allows(auth.permissions, marketplaceResource.module),
  );
  const customers = usePickerList<TierAccount>(
    '/tier/accounts',
    'eq(scopes,customer)&ordering(name)',
    provider && allows(auth.permissions, tierAccountResource.module),
  );
  const at = kind === 'asset' ? '' : 'asset.';
  return [
    { field: `${at}product.id`, label: 'Product', options: options(products.data) },
    { field: `${at}tiers.customer.id`, label: 'Customer', options: options(customers.data) },
    { field: 'marketplace.id', label: 'Marketplace', options: options(marketplaces.data) },
  ];
}
