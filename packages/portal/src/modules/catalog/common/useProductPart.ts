import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { useGet } from '../../../api/hooks.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useProduct, useReadOnly } from './data.ts';
import { partPath, productTabUrl, useViewedVersion } from './paths.ts';

type EventAt = { at?: string; by?: { name?: string } | null };

/**
 * What a detail page of one part of a product (an item, an item group) needs: the part (live or of the viewed
 * version), whether it is read-only and why, the tab to go back to, and "date by name" for its events.
 */
export function useProductPart<T>(productId: string, part: 'items' | 'item-groups', partId: string, tab: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const hour12 = useAuth().user?.timeformat === '12h';
  const version = useViewedVersion();
  const product = useProduct(productId);
  const { readOnly, reason } = useReadOnly(product.data, version);
  const query = useGet<T>(`${partPath(productId, part, version)}/${partId}`);
  const when = (ev?: EventAt) => (ev?.at ? [formatDate(ev.at, { hour12 }), ev.by?.name].filter(Boolean).join(' by ') : null);
  return { location, navigate, version, product, readOnly, reason, query, back: productTabUrl(productId, tab, version), when };
}
