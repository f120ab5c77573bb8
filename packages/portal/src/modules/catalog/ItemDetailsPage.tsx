import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ITEM_PERIOD_LABELS, itemResource, type Item } from '@trellis/domain/catalog/item';
import { useGet } from '../../api/hooks.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { EndSaleDialog } from './common/EndSaleDialog.tsx';
import { itemUrl } from './common/paths.ts';
import { deletedNotice } from './common/notices.ts';
import { useProductPart } from './common/useProductPart.ts';
import { ITEM_RENDER } from './items/ItemsTab.tsx';
import { ItemDialog } from './items/ItemDialog.tsx';
import { ReadOnlyBanner } from './product/ReadOnlyBanner.tsx';

/**
 * One item of a product (live or of a built version): its declared fields, and for the owning vendor Edit, the
 * actions its machine offers (end of sale with a replacement, resume, dynamic) and Delete while a draft.
 */
export default function ItemDetailsPage() {
  const { id = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const part = useProductPart(id, 'items', itemId, itemResource, 'items');
  const item = useGet<Item>(part.path).data; // the same query ResourceDetail reads
  const [editing, setEditing] = useState(false);
  usePageChrome({ backRoute: part.back }, [part.back]);

  return (
    <>
      <ResourceDetail<Item>
        key={part.path}
        resource={part.decl}
        path={part.path}
        title={(i) => i.name}
        render={ITEM_RENDER}
        extra={(i) => [{ label: 'Billing period', value: ITEM_PERIOD_LABELS[i.period] ?? i.period }]}
        banner={() => (
          <ReadOnlyBanner
            reason={part.reason}
            owner={part.product.data?.owner?.name ?? 'another account'}
            version={part.version}
            latestUrl={itemUrl(id, itemId)}
          />
        )}
        buttons={() =>
          part.readOnly ? null : (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
        actions={{
          endsale: {
            dialog: (p) => (
              <EndSaleDialog
                {...p}
                action={itemResource.machine!.actions.endsale}
                noun="item"
                replacements={{
                  path: `/products/${id}/items`,
                  query: 'in(status,(draft,published))&ordering(position)',
                }}
              />
            ),
          },
        }}
        onDeleted={(i) => navigate(part.back, { state: deletedNotice(itemResource, i) })}
      />
      <ItemDialog
        productId={id}
        open={editing}
        item={item}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </>
  );
}
