import type { OwnedBrand } from '@trellis/domain/branding/owned-brand';
import { useList } from '../../api/hooks.ts';

/** The caller account's own brand (an account owns at most one); `brand` is null when it has none. */
export function useOwnBrand() {
  const query = useList<OwnedBrand>('/brands', 'limit=1');
  return { ...query, brand: query.data ? (query.data.items[0] ?? null) : undefined };
}

/** The object path of a portal of a brand. */
export const portalPath = (brandId: string, portalId: string) =>
  `/brands/${encodeURIComponent(brandId)}/portals/${encodeURIComponent(portalId)}`;
