import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Country } from '@trellis/domain/distribution/country';
import type { Hub } from '@trellis/domain/distribution/hub';
import type { Marketplace } from '@trellis/domain/distribution/marketplace';
import type { Product } from '@trellis/domain/catalog/product';
import { listAll } from '../../../api/list.ts';
import { chrome } from '../../../app/chrome/store.ts';

// Whole lists for pickers live under the 'list' key, so every write (which refetches lists) refreshes them too.

/** The ISO country list (the same for everyone, read-only). */
export function useCountries() {
  return useQuery({
    queryKey: ['list', '/countries', 'all'],
    queryFn: ({ signal }) => listAll<Country>('/countries', 'ordering(name)', signal),
    staleTime: 10 * 60_000,
  });
}

/** The caller's own hubs (a provider's; the list is scoped to the owner server-side). */
export function useOwnHubs(accountId: string, enabled = true) {
  return useQuery({
    queryKey: ['list', '/hubs', 'own'],
    queryFn: ({ signal }) => listAll<Hub>('/hubs', `eq(company.id,${accountId})&ordering(name)`, signal),
    enabled,
  });
}

/** The vendor's products that can be listed: published (or at end of sale). */
export function useListableProducts(enabled = true) {
  return useQuery({
    queryKey: ['list', '/products', 'listable'],
    queryFn: ({ signal }) => listAll<Product>('/products', 'in(status,(published,endofsale))&ordering(name)', signal),
    enabled,
  });
}

/** Every marketplace the caller can see (a vendor: those of its partners and those it is listed in). */
export function useVisibleMarketplaces(enabled = true) {
  return useQuery({
    queryKey: ['list', '/marketplaces', 'visible'],
    queryFn: ({ signal }) => listAll<Marketplace>('/marketplaces', 'ordering(name)', signal),
    enabled,
  });
}

/** The page-level message under the title (replaces the previous one). */
export function notify(severity: 'success' | 'error' | 'info' | 'warning', content: ReactNode) {
  chrome.set({ alert: { severity, content } });
}

/** Location state carrying a message for the page navigated to. */
export interface NoticeState {
  notice?: { severity: 'success' | 'error' | 'info' | 'warning'; content: string };
}
