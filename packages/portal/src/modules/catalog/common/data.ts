import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
const isFinished = (v: ProductVersion) => v.build?.status !== 'building';
const isBuilding = (versions: ProductVersion[] | undefined) => !!versions?.some((v) => !isFinished(v));

/**
 * Every built version, newest first. While a build is running the list is refetched every POLLING_INTERVAL_MS
 * (spec §4 polling) and polling stops once none is; when a build finishes the product and its lists are refetched
 * (the build publishes the product and its draft items) and the finish is announced.
 *
 * A finish is found by comparing each answer with the one before it in the query cache, in the fetch itself: a
 * baseline kept by each component was lost when the page re-mounted after starting a build, and a build that
 * finished meanwhile was then never seen finishing (the product stayed Draft on screen).
 */
export function useProductVersions(productId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: versionsKey(productId),
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<ProductVersion[]>(versionsKey(productId));
      const now = await listAll<ProductVersion>(`/products/${productId}/versions`, 'ordering(-version)', signal);
      if (before) {
        const wasFinished = new Set(before.filter(isFinished).map((v) => v.version));
        const finished = now.filter((v) => isFinished(v) && !wasFinished.has(v.version));
        if (finished.length) announceFinished(client, productId, finished[0]);
      }
      return now;
    },
    refetchInterval: (q) => (isBuilding(q.state.data) ? POLLING_INTERVAL_MS : false),
  });
}

function announceFinished(client: QueryClient, productId: string, v: ProductVersion) {
  void client.invalidateQueries({ queryKey: ['get'] });
  void client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'list' && q.queryKey[1] !== `/products/${productId}/versions`,
  });
  if (v.build.status === 'failed')
    notify('error', `Version ${v.version} could not be built: ${v.build.error ?? 'unknown error'}`);
  else notify('success', `Version ${v.version} is ready.`);
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
