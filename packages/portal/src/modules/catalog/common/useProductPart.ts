import type { ResourceDecl } from '@trellis/domain/resource/define';
import { useProduct, useReadOnly } from './data.ts';
import { partPath, productTabUrl, useViewedVersion } from './paths.ts';

/**
 * What a detail page of one part of a product (an item, an item group, a parameter) needs: the product, the
 * version viewed, whether the page is read-only and why, the part's API path (live or frozen), the declaration to
 * show it with (a frozen copy offers no writes) and the tab to go back to.
 */
export function useProductPart(productId: string, part: string, partId: string, decl: ResourceDecl, tab: string) {
  const version = useViewedVersion();
  const product = useProduct(productId);
  const { readOnly, reason } = useReadOnly(product.data, version);
  return {
    version,
    product,
    readOnly,
    reason,
    path: `${partPath(productId, part, version)}/${partId}`,
    decl: readOnly ? readOnlyDecl(decl) : decl,
    back: productTabUrl(productId, tab, version),
  };
}

/** The declaration as a read-only page shows it: no actions, no delete, nobody writes. */
export const readOnlyDecl = (decl: ResourceDecl): ResourceDecl => ({
  ...decl,
  remove: false,
  machine: decl.machine && { ...decl.machine, actions: {} },
  writableBy: [],
});
