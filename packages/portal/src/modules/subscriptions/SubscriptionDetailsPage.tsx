import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EMPTY_REQUEST } from '@trellis/domain/format/constants';
import { formatDate } from '@trellis/domain/format/date';
import { assetResource, type Asset } from '@trellis/domain/fulfillment/asset';
import { requestResource, type Request } from '@trellis/domain/fulfillment/request';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../api/client.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import type { NoticeState } from '../distribution/common/data.ts';
import { RefLink, refText, useRouteUrl } from '../distribution/common/RefLink.tsx';
import { useNotice } from '../distribution/common/useNotice.ts';
import { AssetItems } from './directory/AssetItems.tsx';
import { AssetParams } from './directory/AssetParams.tsx';
import { AssetActionButtons } from './directory/AssetActionButtons.tsx';
import { ACTION_LABELS, actionBody, confirmText, type AssetAction } from './directory/assetActions.ts';
import { ChangeQuantitiesDialog } from './directory/ChangeQuantitiesDialog.tsx';
import { requestColumns } from './directory/columns.tsx';
import { assetApi, assetRequestsApi, requestPath, REQUESTS_API, useOpenRequest } from './data.ts';

const NOTICE: Record<AssetAction, string> = {
  change: 'The change was requested', suspend: 'Suspension was requested', resume: 'Resumption was requested',
  cancel: 'Cancellation was requested', adjustment: 'The adjustment request was opened',
};

/**
 * One subscription: what it is (product, connection, customer and its tiers), items, parameters and the requests
 * that made and changed it. The provider asks for changes, suspension, resumption or cancellation; the vendor adjusts.
 * Nothing new can be asked while a request is still open (the server refuses it too).
 */
export default function SubscriptionDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const urlOf = useRouteUrl();
  const path = assetApi(id);
  const open = useOpenRequest(id);
  const [confirming, setConfirming] = useState<{ type: AssetAction; asset: Asset } | null>(null);
  const [changing, setChanging] = useState<Asset | null>(null);
  const hour12 = auth.user?.timeformat === '12h';
  const side = auth.account.type;
  const canWrite = allows(auth.permissions, requestResource.module);
  useNotice(id);

  /** POST /requests and go to the new request. */
  const ask = async (type: AssetAction, asset: Asset, items?: { id: string; quantity: string }[]) => {
    const created = await api.post<Request | null>(REQUESTS_API, actionBody(type, asset, items));
    if (!created) throw new Error(EMPTY_REQUEST);
    setConfirming(null);
    setChanging(null);
    navigate(requestPath(created.id), { state: { notice: { severity: 'success', content: `${NOTICE[type]}: ${created.id}.` } } satisfies NoticeState });
  };

  const customerUrl = (tierId: string) => (side === 'provider' ? urlOf('customers.directory.details', { id: tierId }) : undefined);
  const tier = (t: { id: string; name: string } | null) => (t ? <RefLink to={customerUrl(t.id)}>{refText(t)}</RefLink> : null);
  const openRequest = open.data;

  const fields = (a: Asset) => [
    { label: 'ID', value: a.id },
    { label: 'Status', value: <StatusChip status={a.status} /> },
    { label: 'Product', value: <RefLink to={urlOf('product', { id: a.product.id, tab: 'general' })}>{refText(a.product)}</RefLink> },
    { label: 'Marketplace', value: a.marketplace ? <RefLink to={urlOf('marketplaces.details', { id: a.marketplace.id })}>{refText(a.marketplace)}</RefLink> : null },
    { label: 'Connection', value: `${a.connection.id} · ${statusLabel(a.connection.type)}` },
    { label: 'Hub', value: a.connection.hub ? <RefLink to={urlOf('hubs.details', { id: a.connection.hub.id })}>{refText(a.connection.hub)}</RefLink> : null },
    { label: side === 'vendor' ? 'Provider' : 'Vendor', value: refText(side === 'vendor' ? a.connection.provider : a.connection.vendor) },
    { label: 'External ID', value: a.external_id },
    { label: 'External UID', value: a.external_uid },
    { label: 'Customer', value: tier(a.tiers.customer) },
    { label: 'T1', value: tier(a.tiers.tier1) },
    { label: 'T2', value: tier(a.tiers.tier2) },
    { label: 'Contract', value: refText(a.contract) },
    { label: 'Open request', value: openRequest
      ? <RefLink to={requestPath(openRequest.id)}>{`${openRequest.id} · ${statusLabel(openRequest.type)} · ${statusLabel(openRequest.status)}`}</RefLink>
      : 'None' },
    { label: 'Created', value: formatDate(a.created, { hour12 }) },
    { label: 'Updated', value: formatDate(a.updated, { hour12 }) },
  ];

  return (
    <>
      <ResourceDetail<Asset> resource={assetResource} path={path} fields={fields}
        actions={(a) => (canWrite ? (
          <AssetActionButtons asset={a} side={side} onAction={(type) => (type === 'change' ? setChanging(a) : setConfirming({ type, asset: a }))} />
        ) : null)}
        tabs={[
          { id: 'items', label: 'Items', render: (a) => <AssetItems items={a.items} /> },
          { id: 'parameters', label: 'Parameters', render: (a) => <AssetParams params={a.params} /> },
          { id: 'requests', label: 'Requests', render: (a) => (
            <ResourceTable<Request> resource={requestResource} path={assetRequestsApi(a.id)} stateKey="asset-requests" noun="requests"
              columns={requestColumns()} rowLink={(r) => requestPath(r.id)} />
          ) },
        ]} />
      <ChangeQuantitiesDialog asset={changing} onClose={() => setChanging(null)} onSubmit={(items) => ask('change', changing!, items)} />
      <ConfirmDialog open={!!confirming} title={confirming ? `${ACTION_LABELS[confirming.type]} subscription` : ''}
        confirmLabel={confirming?.type === 'adjustment' ? 'Open request' : 'Send request'} dismissLabel="Back"
        destructive={confirming?.type === 'cancel'} onClose={() => setConfirming(null)}
        onConfirm={() => ask(confirming!.type, confirming!.asset)}>
        {confirming && confirmText(confirming.type, confirming.asset)}
      </ConfirmDialog>
    </>
  );
}
