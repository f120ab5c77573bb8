import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState, type ReactNode } from 'react';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { commitmentLabel, itemResource, type Item } from '@trellis/domain/catalog/item';
import { notify } from '../../../app/notices.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { itemUrl, partPath } from '../common/paths.ts';
import { ProductUsageTemplate } from '../../usage/ProductUsageTemplate.tsx';
import { ItemDialog } from './ItemDialog.tsx';

export interface ItemsTabProps {
  productId: string;
  readOnly: boolean;
  version?: number;
}

/** The Item summary of spec §3, as declared; a commitment reads "N commitment" (blank for none). */
export const ITEM_RENDER: Partial<Record<string, (i: Item) => ReactNode>> = {
  'commitment.count': (i) => commitmentLabel(i.commitment?.count),
};

/** Items of a product (live or of a built version), as declared: one list for the items tab and a group's page. */
export function ItemTable({
  productId,
  version,
  stateKey,
  base,
  toolbar,
}: {
  productId: string;
  version?: number;
  stateKey: string;
  base?: (q: RqlBuilder) => RqlBuilder;
  toolbar?: ReactNode;
}) {
  return (
    <ResourceTable<Item>
      key={version ?? 'live'}
      resource={itemResource}
      path={partPath(productId, 'items', version)}
      stateKey={stateKey}
      base={base}
      render={ITEM_RENDER}
      rowLink={(i) => itemUrl(productId, i.id, version)}
      toolbar={toolbar}
    />
  );
}

/** Items of the product; the owning vendor creates them here and runs their actions on each item's page. */
export function ItemsTab({ productId, readOnly, version }: ItemsTabProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ItemTable
        productId={productId}
        version={version}
        stateKey="product-items"
        toolbar={
          <>
            {!version && <ProductUsageTemplate productId={productId} />}
            {!readOnly && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                Create item
              </Button>
            )}
          </>
        }
      />
      <ItemDialog
        productId={productId}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(i) => {
          notify('success', `Item ${i.name} (${i.id}) was created.`);
          setCreating(false);
        }}
      />
    </>
  );
}
