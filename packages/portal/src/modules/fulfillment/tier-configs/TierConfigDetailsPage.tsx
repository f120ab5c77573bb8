import { useParams } from 'react-router';
import {
  tierConfigRequestResource,
  tierConfigResource,
  type TierConfig,
  type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { useGet } from '../../../api/hooks.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { shownFields } from '../common/fields.ts';
import { configApi, configRequestPath, tierConfigsPath } from './data.ts';
import { ParamValues } from './ParamValues.tsx';

/** One tier config: its declared fields (whose it is, for which product and connection), its values and requests. */
export default function TierConfigDetailsPage() {
  const { id = '' } = useParams();
  usePageChrome({ backRoute: tierConfigsPath('directory') }, []);
  const config = useGet<TierConfig>(configApi(id)).data; // the query ResourceDetail reads
  return (
    <ResourceDetail<TierConfig>
      resource={tierConfigResource}
      path={configApi(id)}
      fields={shownFields(tierConfigResource, config, ['account.external_id', 'account.tax_id', 'template'])}
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
