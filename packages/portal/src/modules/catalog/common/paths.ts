import { useSearchParams } from 'react-router';
import { pathTo } from '../../../app/routes.ts';

// The product page shows either the live catalogue or a built version (`?version=N`); every catalogue URL of
// the page carries that choice along so tabs, item pages and back arrows stay on the same version.

/** The built version being viewed (`?version=N`), or undefined for the live catalogue. */
export function useViewedVersion(): number | undefined {
  const [params] = useSearchParams();
  const v = Number(params.get('version'));
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

export const withVersion = (url: string, version?: number) => (version ? `${url}?version=${version}` : url);

/** API path of a part of a product: live (`/products/P/items`) or frozen (`/products/P/versions/2/items`). */
export function partPath(productId: string, part: string, version?: number): string {
  return version ? `/products/${productId}/versions/${version}/${part}` : `/products/${productId}/${part}`;
}

/** The product itself: live, or as it was built in `version`. */
export const productApiPath = (productId: string, version?: number) =>
  version ? `/products/${productId}/versions/${version}` : `/products/${productId}`;

/** Where a tab of the product page lives; parameter tabs have their own reference route names. */
export function productTabUrl(productId: string, tab: string, version?: number): string {
  const url =
    tab === 'ordering'
      ? pathTo('product.parameters.ordering', { id: productId })
      : tab === 'fulfillment'
        ? pathTo('product.parameters.fulfillment', { id: productId })
        : tab === 'configuration'
          ? pathTo('product.configuration', { id: productId })
          : pathTo('product', { id: productId, tab });
  return withVersion(url, version);
}

export const itemUrl = (productId: string, itemId: string, version?: number) =>
  withVersion(pathTo('product.items.details', { id: productId, itemId }), version);

export const groupUrl = (productId: string, groupId: string, version?: number) =>
  withVersion(pathTo('product.items.groups.details', { id: productId, groupId }), version);
