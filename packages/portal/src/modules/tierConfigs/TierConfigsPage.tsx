import { Navigate, useParams } from 'react-router';
import {
  tierConfigRequestResource, tierConfigResource, type TierConfig, type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { pathTo, routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { configColumns, requestColumns } from './columns.tsx';
import { configPath, configRequestPath } from './data.ts';

const ROUTE = 'tierConfigs';

/** The tier configs (tier-scope parameter values of resellers) and the requests that set them up or change them. */
export default function TierConfigsPage() {
  const auth = useAuth();
  const { tab } = useParams();
  const tabs = routeByName(ROUTE).tabs!;
  const active = tabs.find((t) => t.id === tab)?.id;
  const side = auth.account.type;
  usePageChrome({
    title: 'Tier configs',
    tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: pathTo(ROUTE, { tab: t.id }) })),
    activeTab: active ?? null,
  }, [active]);

  if (!active) return <Navigate to={pathTo(ROUTE, { tab: tabs[0].id })} replace />;
  if (active === 'directory') {
    return (
      <ResourceTable<TierConfig> key="directory" resource={tierConfigResource} noun="tier configs" columns={configColumns(side)}
        rowLink={(c) => configPath(c.id)} />
    );
  }
  // Only the vendor's users are assigned requests (assign is a vendor action), so only they get "Assigned to me".
  return (
    <ResourceTable<TierConfigRequest> key="requests" resource={tierConfigRequestResource} noun="tier config requests"
      columns={requestColumns} assigneeField={side === 'vendor' ? 'assignee.id' : undefined}
      rowLink={(r) => configRequestPath(r.id)} />
  );
}
