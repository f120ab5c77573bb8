import { tiersSetupTarget } from '@trellis/domain/fulfillment/lifecycle';
import type { Request } from '@trellis/domain/fulfillment/request';
import { useAuth } from '../../../../app/session/SessionProvider.tsx';
import { RefLink, refUrl } from '../../../../components/display/FieldValue.tsx';
import { FrameHint } from '../../common/RequestFrame.tsx';
import { useTierConfigRequests } from './data.ts';

/**
 * While the request waits in tiers_setup, where to go (spec §4): the T1 tier config request unless that one
 * itself waits for its T2, else the T2 one.
 */
export function TiersSetupBanner({ request: r }: { request: Request }) {
  const auth = useAuth();
  const waiting = r.status === 'tiers_setup';
  const requests = useTierConfigRequests(r.id, waiting);
  if (!waiting) return null;
  const target = tiersSetupTarget(requests.data ?? []);
  return (
    <FrameHint>
      {target ? (
        <>
          Waiting for the tier setup: the T{target.configuration.tier_level} configuration of{' '}
          {target.configuration.account.name} is set by the tier config request{' '}
          <RefLink to={refUrl({ route: 'tierConfigs.requests.details' }, target, target, auth)}>{target.id}</RefLink>.
        </>
      ) : requests.isPending ? (
        'Waiting for the tier setup…'
      ) : (
        'Waiting for the tier setup of the resellers.'
      )}
    </FrameHint>
  );
}
