import { useQuery } from '@tanstack/react-query';
import type { Item } from '@trellis/domain/catalog/item';
import type { Parameter } from '@trellis/domain/catalog/parameter';
import type { Product } from '@trellis/domain/catalog/product';
import type { Connection } from '@trellis/domain/distribution/connection';
import type { Listing } from '@trellis/domain/distribution/listing';
import type { Marketplace } from '@trellis/domain/distribution/marketplace';
import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { useGet } from '../../../../api/hooks.ts';
import { listAll } from '../../../../api/list.ts';

// What the provider picks from when it places a purchase. Whole lists for pickers live under the 'list' key,
// so every write (which refetches lists) refreshes them too.

function useAll<T>(path: string | null, query: string, enabled = true) {
  return useQuery({
    queryKey: ['list', path, 'order', query],
    queryFn: ({ signal }) => listAll<T>(path!, query, signal),
    enabled: enabled && path !== null,
  });
}

const productPart = (productId: string | undefined, part: string) =>
  productId ? `/products/${encodeURIComponent(productId)}/${part}` : null;

/** Published products the provider can see (listed in its marketplaces or connected to its hubs). */
export const useOrderProducts = (enabled: boolean) =>
  useAll<Product>('/products', 'eq(status,published)&ordering(name)', enabled);

/** The provider's active connections of a product (its hubs; the type says production / test / preview). */
export const useActiveConnections = (productId: string | undefined, providerId: string) =>
  useAll<Connection>(
    productPart(productId, 'connections'),
    `eq(status,active)&eq(provider.id,${providerId})&ordering(-created_at)`,
  );

/** Where the product is listed (a production purchase names one of these marketplaces). */
export const useProductListings = (productId: string | undefined) =>
  useAll<Listing>(
    productId ? '/listings' : null,
    `eq(product.id,${productId})&eq(status,listed)&ordering(marketplace.name)`,
  );

/** One marketplace, for its countries (spec §8 message when it has none). */
export const useMarketplace = (id: string | undefined) =>
  useGet<Marketplace>(id ? `/marketplaces/${encodeURIComponent(id)}` : null);

/** The provider's active customers; T1 / T2 come from each one's parent chain. */
export const useCustomers = (enabled: boolean) =>
  useAll<TierAccount>('/tier/accounts', 'eq(scopes,customer)&eq(status,active)&ordering(name)', enabled);

/** Items that can be ordered: the published ones, in the vendor's order. */
export const useOrderItems = (productId: string | undefined) =>
  useAll<Item>(productPart(productId, 'items'), 'eq(status,published)&ordering(position)');

/** The product's ordering parameters of the subscription (asset) scope: when there are any, the order opens a draft. */
export const useOrderingParameters = (productId: string | undefined) =>
  useAll<Parameter>(productPart(productId, 'parameters'), 'eq(scope,asset)&eq(phase,ordering)&ordering(position)');
