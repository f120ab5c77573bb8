import { useParams } from 'react-router';
import {
  tierConfigRequestResource,
  tierConfigResource,
  type TierConfig,
  type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { configApi, configRequestPath, tierConfigsPath } from './data.ts';
import { ParamValues } from './ParamValues.tsx';

/** One tier config: its declared fields (whose it is, for which product and connection), its values and requests. */
export default function TierConfigDetailsPage() {
  const { id = '' } = useParams();
  usePageChrome({ backRoute: tierConfigsPath('directory') }, []);
  return (
    <ResourceDetail<TierConfig>
      resource={tierConfigResource}
      path={configApi(id)}
      tabs={[
        { id: 'parameters', label: 'Parameters', render: (c) => <ParamValues params={c.params} /> },
        {
          id: 'requests',
          label: 'Requests',
          render: (c) => (
            <ResourceTable<TierConfigRequest>
              resource={tierConfigRequestResource}
              stateKey="tier-config-requests-of-config"
              noun="requests for this config"
              base={(q) => q.eq('configuration.id', c.id)}
              rowLink={(r) => configRequestPath(r.id)}
            />
          ),
        },
      ]}
    />
  );
}
