import type { Item } from '@trellis/domain/catalog/item';
import { allows } from '@trellis/domain/identity/modules';
import { usageFileResource } from '@trellis/domain/usage/file';
import { useList } from '../../api/hooks.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useProduct } from '../catalog/common/data.ts';
import { UsageTemplateButton } from './UsageTemplateButton.tsx';

/**
 * "Usage template" on a product's page, for its vendor when the product has a pay-per-use item: the spreadsheet the
 * vendor fills to report usage.
 */
export function ProductUsageTemplate({ productId }: { productId: string }) {
  const auth = useAuth();
  const product = useProduct(productId).data;
  const own = product?.owner?.id === auth.account.id && allows(auth.permissions, usageFileResource.module);
  const ppu = useList<Item>(`/products/${productId}/items`, 'eq(type,ppu)&limit=0', { enabled: own });
  if (!own || !ppu.data?.total) return null;
  return <UsageTemplateButton productId={productId} label="Usage template" size="medium" />;
}
