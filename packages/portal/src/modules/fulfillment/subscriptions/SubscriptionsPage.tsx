import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { subscriptionAssetResource, type Asset } from '@trellis/domain/fulfillment/asset';
import { requestResource, type Request } from '@trellis/domain/fulfillment/request';
import { allows } from '@trellis/domain/identity/modules';
import type { NoticeState } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { TabbedListPage } from '../../../components/TabbedListPage.tsx';
import { useSubscriptionPickers } from './directory/filterOptions.ts';
import { assetPath, requestPath } from './data.ts';
import { PurchaseDialog } from './order/PurchaseDialog.tsx';

/**
 * Subscriptions (assets) and the fulfillment requests that make and change them, as tabs. The provider places new
 * purchases from here; the vendor, who works the requests, can narrow them to those assigned to itself.
 */
export default function SubscriptionsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [ordering, setOrdering] = useState(false);
  const canOrder = auth.account.type === 'provider' && allows(auth.permissions, requestResource.module);
  const assetPickers = useSubscriptionPickers('asset');
  const requestPickers = useSubscriptionPickers('request');
  const order = canOrder ? (
    <Button variant="contained" startIcon={<AddShoppingCartIcon />} onClick={() => setOrdering(true)}>
      New purchase
    </Button>
  ) : undefined;

  return (
    <>
      <TabbedListPage
        route="subscriptions"
        tabs={{
          directory: {
            actions: order,
            content: (
              <ResourceTable<Asset>
                key="directory"
                resource={subscriptionAssetResource}
                noun="subscriptions"
                pickers={assetPickers}
                rowLink={(a) => assetPath(a.id)}
              />
            ),
          },
          fulfillment: {
            actions: order,
            content: (
              <ResourceTable<Request>
                key="fulfillment"
                resource={requestResource}
                noun="fulfillment requests"
                pickers={requestPickers}
                rowLink={(r) => requestPath(r.id)}
              />
            ),
          },
        }}
      />
      {canOrder && (
        <PurchaseDialog
          open={ordering}
          onClose={() => setOrdering(false)}
          onPlaced={(r) => {
            setOrdering(false);
            navigate(requestPath(r.id), {
              state: {
                notice: {
                  severity: 'success',
                  content: `Purchase ${r.id} was placed: ${r.asset.connection.vendor.name} fulfils it.`,
                },
              } satisfies NoticeState,
            });
          }}
        />
      )}
    </>
  );
}
