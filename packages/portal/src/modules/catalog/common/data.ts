import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Category } from '@trellis/domain/catalog/content';
import type { ItemGroup, Unit } from '@trellis/domain/catalog/item';
import { productResource, type Product, type ProductVersion } from '@trellis/domain/catalog/product';
import { allows } from '@trellis/domain/identity/modules';
import { editRefusal, sideWrites, type ResourceDecl } from '@trellis/domain/resource/define';
import { POLLING_INTERVAL_MS } from '@trellis/domain/format/constants';
import { listAll } from '../../../api/list.ts';
import { useGet } from '../../../api/hooks.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useViewer } from '../../../app/session/useViewer.ts';
import { notify } from '../../../app/notices.ts';
import { partPath, productApiPath } from './paths.ts';

// Whole lists for pickers live under the 'list' key, so every write (which refetches lists) refreshes them too.

export const useProduct = (productId: string) => useGet<Product>(productApiPath(productId));

/** The product as built in `version` (null = the live catalogue: nothing to fetch). */
export const useProductVersion = (productId: string, version?: number) =>
  useGet<ProductVersion>(version ? productApiPath(productId, version) : null);

export const versionsKey = (productId: string) => ['list', `/products/${productId}/versions`, 'all'];
const isBuilding = (versions: ProductVersion[] | undefined) => !!versions?.some((v) => v.build?.status === 'building');

/**
 * Every built version, newest first. While a build is running the list is refetched every POLLING_INTERVAL_MS
 * (spec §4 polling) and polling stops once none is; when a build finishes the product and its lists are refetched
 * (the build publishes the product and its draft items).
 */
export function useProductVersions(productId: string, { announce = false }: { announce?: boolean } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: versionsKey(productId),
    queryFn: ({ signal }) => listAll<ProductVersion>(`/products/${productId}/versions`, 'ordering(-version)', signal),
    refetchInterval: (q) => (isBuilding(q.state.data) ? POLLING_INTERVAL_MS : false),
  });
  // Versions seen finished (ready or failed). A build that finishes before the list is refetched is never seen
  // "building", so what counts is a finished version that was not finished before, not the building → ready step.
  const finishedNow = query.data?.filter((v) => v.build?.status !== 'building').map((v) => v.version);
  const seenFinished = useRef<number[] | null>(null);
  const key = finishedNow?.join() ?? '';
  useEffect(() => {
    if (!finishedNow) return;
    const before = seenFinished.current;
    seenFinished.current = finishedNow;
    if (before === null) return; // the first answer is the baseline
    const finished = finishedNow.filter((n) => !before.includes(n));
    if (!finished.length) return;
    void client.invalidateQueries({ queryKey: ['get'] });
    void client.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'list' && q.queryKey[1] !== `/products/${productId}/versions`,
    });
    if (!announce) return;
    const v = query.data?.find((x) => x.version === finished[0]);
    if (v?.build.status === 'failed')
      notify('error', `Version ${v.version} could not be built: ${v.build.error ?? 'unknown error'}`);
    else if (v) notify('success', `Version ${v.version} is ready.`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, client, productId]);
  return query;
}

export function useCategories() {
  return useQuery({
    queryKey: ['list', '/categories', 'all'],
    queryFn: ({ signal }) => listAll<Category>('/categories', 'ordering(name)', signal),
    staleTime: 60_000,
  });
}

export function useUnits() {
  return useQuery({
    queryKey: ['list', '/settings/units', 'all'],
    queryFn: ({ signal }) => listAll<Unit>('/settings/units', 'ordering(name)', signal),
    staleTime: 60_000,
  });
}

export function useItemGroups(productId: string, version?: number) {
  const path = partPath(productId, 'item-groups', version);
  return useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<ItemGroup>(path, 'ordering(name)', signal),
  });
}

export type ReadOnlyReason = 'provider' | 'version' | null;

/** Whether the signed-in user may write objects of `decl` at all (its module and side): e.g. create a product. */
export function useMayCreate(decl: ResourceDecl = productResource): boolean {
  const auth = useAuth();
  const viewer = useViewer();
  return allows(auth.permissions, decl.module) && sideWrites(decl, viewer.side);
}

/** Whether the signed-in user may change this product (and what is in it): the module, the side, the owner rule. */
export function useMayWrite(product: Product | undefined): boolean {
  const viewer = useViewer();
  const may = useMayCreate();
  return may && !!product && !editRefusal(productResource, product, viewer);
}

/**
 * Why this user sees the product read-only (spec §6): it is not theirs to change (the product's rules, which the
 * API enforces with 403) or they look at a built version (frozen copies cannot change).
 */
export function useReadOnly(
  product: Product | undefined,
  version?: number,
): { readOnly: boolean; reason: ReadOnlyReason } {
  const viewer = useViewer();
  const mayWrite = useMayWrite(product);
  // until the product is there, a provider is read-only already and a vendor not yet
  const notOwner = product ? !mayWrite : viewer.side !== 'vendor';
  const reason: ReadOnlyReason = notOwner ? 'provider' : version ? 'version' : null;
  return { readOnly: reason !== null, reason };
}
