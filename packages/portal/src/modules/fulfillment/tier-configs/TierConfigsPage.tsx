import {
  tierConfigRequestResource,
  tierConfigResource,
  type TierConfig,
  type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { TabbedListPage } from '../../../components/TabbedListPage.tsx';
import { configPath, configRequestPath } from './data.ts';

/** The tier configs (tier-scope parameter values of resellers) and the requests that set them up or change them. */
export default function TierConfigsPage() {
  return (
    <TabbedListPage
      route="tierConfigs"
      tabs={{
        directory: {
          content: (
            <ResourceTable<TierConfig>
              key="directory"
              resource={tierConfigResource}
              noun="tier configs"
              rowLink={(c) => configPath(c.id)}
            />
          ),
        },
        requests: {
          // Only the vendor's users are assigned requests (assign is a vendor action): the machine says so.
          content: (
            <ResourceTable<TierConfigRequest>
              key="requests"
              resource={tierConfigRequestResource}
              noun="tier config requests"
              rowLink={(r) => configRequestPath(r.id)}
            />
          ),
        },
      }}
    />
  );
}
