import { useParams } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import {
  tierConfigRequestResource, tierConfigResource, type TierConfig, type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { RefLink, refText, useRouteUrl } from '../distribution/common/RefLink.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { requestColumns } from './columns.tsx';
import { configApi, configRequestPath, levelLabel, tierConfigsPath } from './data.ts';
import { ParamValues } from './ParamValues.tsx';

/** One tier config: whose it is, for which product and connection, its values (read-only) and its requests. */
export default function TierConfigDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const urlOf = useRouteUrl();
  const hour12 = auth.user?.timeformat === '12h';
  usePageChrome({ backRoute: tierConfigsPath('directory') }, []);

  return (
    <ResourceDetail<TierConfig> resource={tierConfigResource} path={configApi(id)}
      fields={(c) => [
        { label: 'ID', value: c.id },
        { label: 'Reseller', value: <AccountSummary account={c.account} /> },
        { label: 'Level', value: levelLabel(c.tier_level) },
        { label: 'Product', value: <RefLink to={urlOf('product', { id: c.product.id, tab: 'general' })}>{refText(c.product)}</RefLink> },
        { label: 'Connection', value: `${c.connection.id} · ${c.connection.type}${c.connection.hub ? ` · ${refText(c.connection.hub)}` : ''}` },
        { label: 'Provider', value: refText(c.connection.provider) },
        { label: 'Vendor', value: refText(c.connection.vendor) },
        { label: 'Marketplace', value: refText(c.marketplace) },
        { label: 'Status', value: <StatusChip status={c.status} /> },
        { label: 'Open request', value: c.open_request
          ? <RefLink to={configRequestPath(c.open_request.id)}>{c.open_request.id}</RefLink> : 'None' },
        { label: 'Created', value: formatDate(c.created, { hour12 }) },
        { label: 'Updated', value: formatDate(c.updated, { hour12 }) },
      ]}
      tabs={[
        { id: 'parameters', label: 'Parameters', render: (c) => <ParamValues params={c.params} /> },
        { id: 'requests', label: 'Requests', render: (c) => (
          <ResourceTable<TierConfigRequest> resource={tierConfigRequestResource} stateKey="tier-config-requests-of-config"
            noun="requests for this config" columns={requestColumns}
            base={(q) => q.eq('configuration.id', c.id)} rowLink={(r) => configRequestPath(r.id)} />
        ) },
      ]} />
  );
}
