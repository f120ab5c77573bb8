import { tiersSetupTarget } from '@trellis/domain/fulfillment/lifecycle';
import {
  tierConfigRequestResource,
  tierLevelLabel,
  type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { RefLink } from '../../../../components/display/FieldValue.tsx';
import { StatusChip } from '../../../../components/StatusChip.tsx';
import { FrameHint } from '../../common/RequestFrame.tsx';
import { useTierConfigRequests } from '../../subscriptions/request/data.ts';
import { configRequestPath } from '../data.ts';

/**
 * A request in tiers_setup (a T1 request waiting for the T2 one of the same order) says which request it waits
 * for: the one spec §4 sends the user to among the order's tier config requests (tiersSetupTarget).
 */
export function TiersSetupHint({ request: r }: { request: TierConfigRequest }) {
  const waiting = r.status === 'tiers_setup';
  const siblings = useTierConfigRequests(r.asset_request?.id, waiting);
  if (!waiting) return null;
  const target = tiersSetupTarget((siblings.data ?? []).filter((s) => s.id !== r.id));
  return (
    <FrameHint testId="tiers-setup">
      {target ? (
        <>
          {`This request waits for the ${tierLevelLabel(target.configuration.tier_level)} request `}
          <RefLink to={configRequestPath(target.id)}>{target.id}</RefLink>
          {` of ${target.configuration.account.name} `}
          <StatusChip status={target.status} machine={tierConfigRequestResource.machine} />
          {r.asset_request &&
            ` (fulfillment request ${r.asset_request.id}); it moves to pending once that one is approved.`}
        </>
      ) : siblings.isPending && r.asset_request ? (
        'This request waits for the tier setup of the next reseller…'
      ) : (
        "This request waits for the T2 reseller's configuration to be set up; it moves to pending once that is approved."
      )}
    </FrameHint>
  );
}
