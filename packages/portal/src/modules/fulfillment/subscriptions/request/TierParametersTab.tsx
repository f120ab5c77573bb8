import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Request } from '@trellis/domain/fulfillment/request';
import { tierConfigResource, tierConfigRequestResource } from '@trellis/domain/fulfillment/tier-config';
import { TIER_SCOPE_LABELS } from '@trellis/domain/customers/tier-account';
import { useAuth } from '../../../../app/session/SessionProvider.tsx';
import { RefLink, refUrl } from '../../../../components/display/FieldValue.tsx';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { RequestParamsEditor } from '../../../../components/RequestParams/index.ts';
import { StatusChip } from '../../../../components/StatusChip.tsx';
import { useTierConfig, useTierConfigRequests } from './data.ts';

/**
 * The reference's `parameters-tier1` / `parameters-tier2` scopes: tier parameters live on the reseller's tier
 * config for the product, so they show read-only from there, with a link to the request that sets them.
 */
export function TierParametersTab({ request: r, level }: { request: Request; level: 1 | 2 }) {
  const auth = useAuth();
  const scope = level === 1 ? 'tier1' : 'tier2';
  const tier = r.asset.tiers[scope];
  const config = useTierConfig(tier?.id, r.asset.product.id);
  const requests = useTierConfigRequests(r.id);
  if (!tier)
    return (
      <EmptyState title={`No ${TIER_SCOPE_LABELS[scope]}`}>
        This subscription has no {TIER_SCOPE_LABELS[scope]} reseller.
      </EmptyState>
    );
  if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  if (config.data === undefined) return [1, 2, 3].map((i) => <Skeleton key={i} height={28} />);
  const tc = config.data;
  const tcr = requests.data?.find((q) => q.configuration.tier_level === level) ?? null;
  const linked = tcr
    ? { id: tcr.id, status: tcr.status }
    : tc?.open_request
      ? { id: tc.open_request.id, status: null }
      : null;
  const link = (route: string, ref: { id: string }) => (
    <RefLink inline to={refUrl({ route }, ref, ref, auth)}>
      {ref.id}
    </RefLink>
  );

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="body2">
          {TIER_SCOPE_LABELS[scope]} {tier.name} ({tier.id})
          {tc && <> · configuration {link('tierConfigs.directory.details', tc)}</>}
        </Typography>
        {tc && <StatusChip status={tc.status} machine={tierConfigResource.machine} />}
        {linked && (
          <Typography variant="body2" component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
            Request {link('tierConfigs.requests.details', linked)}
            {linked.status && <StatusChip status={linked.status} machine={tierConfigRequestResource.machine} />}
          </Typography>
        )}
      </Box>
      {tc ? (
        <RequestParamsEditor params={tc.params} />
      ) : (
        <EmptyState title="No tier configuration">
          {tier.name} has no {TIER_SCOPE_LABELS[scope]} configuration for {r.asset.product.name} yet.
        </EmptyState>
      )}
    </>
  );
}
