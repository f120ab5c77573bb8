import Alert from '@mui/material/Alert';
import { tiersSetupTarget } from '@trellis/domain/fulfillment/lifecycle';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { RefLink } from '../../distribution/common/RefLink.tsx';
import { configRequestPath, levelLabel, useRequestsOfAssetRequest } from '../data.ts';

/**
 * A request in tiers_setup (a T1 request waiting for the T2 one of the same order) says which request it waits
 * for: the one spec §4 sends the user to among the order's tier config requests (tiersSetupTarget).
 */
export function TiersSetupHint({ request: r }: { request: TierConfigRequest }) {
  const waiting = r.status === 'tiers_setup';
  const siblings = useRequestsOfAssetRequest(waiting ? r.asset_request?.id : null);
  if (!waiting) return null;
  const target = tiersSetupTarget((siblings.data ?? []).filter((s) => s.id !== r.id));
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="tiers-setup">
      {target ? (
        <>
          {`This request waits for the ${levelLabel(target.configuration.tier_level)} request `}
          <RefLink to={configRequestPath(target.id)}>{target.id}</RefLink>
          {` of ${target.configuration.account.name} `}<StatusChip status={target.status} />
          {r.asset_request && ` (fulfillment request ${r.asset_request.id}); it moves to pending once that one is approved.`}
        </>
      ) : siblings.isPending && r.asset_request ? 'This request waits for the tier setup of the next reseller…'
        : 'This request waits for the T2 reseller\'s configuration to be set up; it moves to pending once that is approved.'}
    </Alert>
  );
}
