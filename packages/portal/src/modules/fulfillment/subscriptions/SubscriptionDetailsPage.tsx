import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EMPTY_REQUEST } from '@trellis/domain/format/constants';
import { assetResource, type Asset } from '@trellis/domain/fulfillment/asset';
import { requestResource, type Request } from '@trellis/domain/fulfillment/request';
import { allows } from '@trellis/domain/identity/modules';
import { enumLabel } from '@trellis/domain/format/display';
import { statusLabel } from '@trellis/domain/resource/machine';
import { usageAggregateResource } from '@trellis/domain/usage/aggregate';
import { api } from '../../../api/client.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import type { NoticeState } from '../../../app/notices.ts';
import { useNotice } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { RefLink } from '../../../components/display/FieldValue.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { ItemsTable } from '../common/ItemsTable.tsx';
import { AssetActionButtons } from './directory/AssetActionButtons.tsx';
import { ACTION_LABELS, actionBody, confirmText, type AssetAction } from './directory/assetActions.ts';
import { AssetParams } from './directory/AssetParams.tsx';
import { ChangeQuantitiesDialog } from './directory/ChangeQuantitiesDialog.tsx';
import { assetApi, assetRequestsApi, requestPath, REQUESTS_API, subscriptionsPath, useOpenRequest } from './data.ts';

// the chart library loads with the Usage tab only
const SubscriptionUsage = lazy(() => import('../../usage/aggregates/SubscriptionUsage.tsx'));

const NOTICE: Record<AssetAction, string> = {
  change: 'The change was requested',
  suspend: 'Suspension was requested',
  resume: 'Resumption was requested',
  cancel: 'Cancellation was requested',
  adjustment: 'The adjustment request was opened',
};

/**
 * One subscription: its declared fields (product, connection, customer and its tiers), items, parameters and the
 * requests that made and changed it. The provider asks for changes, suspension, resumption or cancellation; the
 * vendor adjusts: each is a new request (POST /requests), not an action of the subscription. Nothing new can be
 * asked while a request is still open (the server refuses it too).
 */
export default function SubscriptionDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const open = useOpenRequest(id);
  const [confirming, setConfirming] = useState<{ type: AssetAction; asset: Asset } | null>(null);
  const [changing, setChanging] = useState<Asset | null>(null);
  const canWrite = allows(auth.permissions, requestResource.module);
  // the usage reported for the subscription's pay-per-use items, to whoever may read the usage module (a
  // subscription lists only the items it holds a quantity of, so it does not tell whether it has any)
  const metered = allows(auth.permissions, usageAggregateResource.module);
  usePageChrome({ backRoute: subscriptionsPath('directory') }, []);
  useNotice(id);

  /** POST /requests and go to the new request. */
  const ask = async (type: AssetAction, asset: Asset, items?: { id: string; quantity: string }[]) => {
    const created = await api.post<Request | null>(REQUESTS_API, actionBody(type, asset, items));
    if (!created) throw new Error(EMPTY_REQUEST);
    setConfirming(null);
    setChanging(null);
    navigate(requestPath(created.id), {
      state: { notice: { severity: 'success', content: `${NOTICE[type]}: ${created.id}.` } } satisfies NoticeState,
    });
  };
  const openRequest = open.data;

  return (
    <>
      <ResourceDetail<Asset>
        resource={assetResource}
        path={assetApi(id)}
        title={(a) => a.id}
        extra={() => [
          {
            label: 'Open request',
            value: openRequest ? (
              <RefLink to={requestPath(openRequest.id)}>
                {[
                  openRequest.id,
                  enumLabel(openRequest.type),
                  statusLabel(requestResource.machine, openRequest.status),
                ].join(' · ')}
              </RefLink>
            ) : (
              'None'
            ),
          },
        ]}
        buttons={(a) =>
          canWrite ? (
            <AssetActionButtons
              asset={a}
              side={auth.account.type}
              onAction={(type) => (type === 'change' ? setChanging(a) : setConfirming({ type, asset: a }))}
            />
          ) : null
        }
        tabs={[
          {
            id: 'items',
            label: 'Items',
            render: (a) => <ItemsTable items={a.items} label="Subscription items" />,
          },
          { id: 'parameters', label: 'Parameters', render: (a) => <AssetParams params={a.params} /> },
          {
            id: 'requests',
            label: 'Requests',
            render: (a) => (
              <ResourceTable<Request>
                resource={requestResource}
                path={assetRequestsApi(a.id)}
                stateKey="asset-requests"
                noun="requests"
                rowLink={(r) => requestPath(r.id)}
              />
            ),
          },
          ...(metered
            ? [
                {
                  id: 'usage',
                  label: 'Usage',
                  render: (a: Asset) => (
                    <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
                      <SubscriptionUsage assetId={a.id} />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ChangeQuantitiesDialog
        asset={changing}
        onClose={() => setChanging(null)}
        onSubmit={(items) => ask('change', changing!, items)}
      />
      <ConfirmDialog
        open={!!confirming}
        title={confirming ? `${ACTION_LABELS[confirming.type]} subscription` : ''}
        confirmLabel={confirming?.type === 'adjustment' ? 'Open request' : 'Send request'}
        dismissLabel="Back"
        destructive={confirming?.type === 'cancel'}
        onClose={() => setConfirming(null)}
        onConfirm={() => ask(confirming!.type, confirming!.asset)}
      >
        {confirming && confirmText(confirming.type, confirming.asset)}
      </ConfirmDialog>
    </>
  );
}
