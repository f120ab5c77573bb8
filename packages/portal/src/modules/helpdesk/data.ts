import { useQuery } from '@tanstack/react-query';
import type { ProductVersion } from '@trellis/domain/catalog/product';
import type { Partner } from '@trellis/domain/distribution/partner';
import { listAll } from '../../api/list.ts';

// Whole lists for the case forms' pickers, under the 'list' key so every write refreshes them.

/** The caller's active partners: the accounts a case can be raised to (the server refuses any other). */
export function useCasePartners(enabled = true) {
  return useQuery({
    queryKey: ['list', '/partners', 'active'],
    queryFn: ({ signal }) => listAll<Partner>('/partners', 'eq(status,active)&ordering(name)', signal),
    enabled,
  });
}

/**
 * The products a case with this partner may be about, the vendor's side of the two: a provider reads the vendor
 * partner's published products, a vendor its own products that partner lists or is connected to.
 */
export function usePartnerProducts(partnerId: string | undefined) {
  const path = `/partners/${partnerId}/products`;
  return useQuery({
    queryKey: ['list', path, 'case'],
    queryFn: ({ signal }) => listAll<ProductVersion>(path, 'ordering(name)', signal),
    enabled: !!partnerId,
  });
}
