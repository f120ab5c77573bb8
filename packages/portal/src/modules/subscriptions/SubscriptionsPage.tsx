import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { subscriptionAssetResource, type Asset } from '@trellis/domain/fulfillment/asset';
import { requestResource, type Request } from '@trellis/domain/fulfillment/request';
import { allows } from '@trellis/domain/identity/modules';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from '../distribution/common/data.ts';
import { useNotice } from '../distribution/common/useNotice.ts';
import { assetColumns, requestColumns } from './directory/columns.tsx';
import { useSubscriptionPickers } from './directory/filterOptions.ts';
import { assetPath, requestPath, subscriptionsPath } from './data.ts';
import { PurchaseDialog } from './order/PurchaseDialog.tsx';

const ROUTE = 'subscriptions';

/** The declaration with only the choice filters this list offers, under the labels people use. */
function viewDecl(decl: ResourceDecl, choices: Record<string, string>): ResourceDecl {
  const filters = Object.fromEntries(Object.entries(decl.filters).flatMap(([field, f]) => {
    if (!f.options) return [[field, f]];
    return field in choices ? [[field, { ...f, label: choices[field] }]] : [];
  }));
  return { ...decl, filters };
}

const ASSETS = viewDecl(subscriptionAssetResource, { status: 'Status', 'connection.type': 'Environment' });
const REQUESTS = viewDecl(requestResource, { type: 'Type', status: 'Status' });

/**
 * Subscriptions (assets) and the fulfillment requests that make and change them, as tabs. The provider places new
 * purchases from here; the vendor, who works the requests, can narrow them to those assigned to itself.
 */
export default function SubscriptionsPage() {
  const auth = useAuth();
  const { tab } = useParams();
  const navigate = useNavigate();
  const [ordering, setOrdering] = useState(false);
  const tabs = routeByName(ROUTE).tabs!;
  const active = tabs.find((t) => t.id === tab)?.id;
  const side = auth.account.type;
  const canOrder = side === 'provider' && allows(auth.permissions, requestResource.module);
  const assetPickers = useSubscriptionPickers('asset');
  const requestPickers = useSubscriptionPickers('request');

  usePageChrome({
    title: 'Subscriptions',
    tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: subscriptionsPath(t.id as 'directory' | 'fulfillment') })),
    activeTab: active ?? null,
    headerActions: canOrder
      ? <Button variant="contained" startIcon={<AddShoppingCartIcon />} onClick={() => setOrdering(true)}>New purchase</Button>
      : null,
  }, [active, canOrder]);
  useNotice(active);

  if (!active) return <Navigate to={subscriptionsPath(tabs[0].id as 'directory')} replace />;
  return (
    <>
      {active === 'directory' ? (
        <ResourceTable<Asset> key="directory" resource={ASSETS} noun="subscriptions" columns={assetColumns(side)}
          pickers={assetPickers} rowLink={(a) => assetPath(a.id)} />
      ) : (
        <ResourceTable<Request> key="fulfillment" resource={REQUESTS} noun="fulfillment requests" columns={requestColumns()}
          pickers={requestPickers} assigneeField={side === 'vendor' ? 'assignee.id' : undefined} rowLink={(r) => requestPath(r.id)} />
      )}
      {canOrder && (
        <PurchaseDialog open={ordering} onClose={() => setOrdering(false)}
          onPlaced={(r) => {
            setOrdering(false);
            navigate(requestPath(r.id), { state: { notice: {
              severity: 'success', content: `Purchase ${r.id} was placed: ${r.asset.connection.vendor.name} fulfils it.`,
            } } satisfies NoticeState });
          }} />
      )}
    </>
  );
}
