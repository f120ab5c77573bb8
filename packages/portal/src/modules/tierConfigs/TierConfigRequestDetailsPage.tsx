import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { useGet } from '../../api/hooks.ts';
import { chrome } from '../../app/chrome/store.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notFoundPath } from '../../app/routes.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import type { ParamErrors } from '../../components/RequestParams/index.ts';
import { StatusTypeChips } from '../../components/StatusChip.tsx';
import { AuditTab } from '../subscriptions/request/AuditTab.tsx';
import { configRequestApi, configRequestPath, levelLabel, tierConfigsPath } from './data.ts';
import { paramsOfRequest } from './request/actions.ts';
import { GeneralTab } from './request/GeneralTab.tsx';
import { ParametersTab } from './request/ParametersTab.tsx';
import { TcrActions } from './request/TcrActions.tsx';
import { TiersSetupHint } from './request/TiersSetupHint.tsx';

const TABS = [
  { id: 'general', label: 'General' },
  { id: 'parameters', label: 'Parameters' },
  { id: 'audit', label: 'Audit' },
] as const;

/** The request's parameter values, to tell whether validation messages still belong to them. */
const paramsSig = (r: TierConfigRequest) => JSON.stringify(paramsOfRequest(r).map((p) => [p.id, p.value, p.structured_value ?? null]));

/**
 * One tier config request (setup of a reseller's tier parameters, or a change of them): general data, the
 * parameters each side fills, the audit trail, and in the header the actions its state machine allows this side.
 */
export default function TierConfigRequestDetailsPage() {
  const { id = '', tab: rawTab } = useParams();
  const location = useLocation();
  const query = useGet<TierConfigRequest>(configRequestApi(id));
  const r = query.data;
  const tab = TABS.find((t) => t.id === rawTab)?.id ?? 'general';
  // Messages of a failed Validate / Submit / Approve, kept while the values they judged are unchanged.
  const [validation, setValidation] = useState<{ sig: string; errors: ParamErrors } | null>(null);
  const paramErrors = r && validation?.sig === paramsSig(r) ? validation.errors : null;

  usePageChrome({
    title: r?.id ?? id,
    assistiveTitle: r ? `Tier config request · ${levelLabel(r.configuration.tier_level)} · ${r.configuration.account.name}` : 'Tier config request',
    titleChip: r ? <StatusTypeChips status={r.status} type={r.type} /> : null,
    pageLoading: query.isPending,
    backRoute: tierConfigsPath('requests'),
    headerActions: r ? <TcrActions request={r} onParamErrors={(errors) => setValidation(errors ? { sig: paramsSig(r), errors } : null)} /> : null,
    tabs: TABS.map((t) => ({ id: t.id, label: t.label, to: configRequestPath(id, t.id) })),
    activeTab: tab,
  }, [r, tab, id]);
  useEffect(() => () => chrome.set({ alert: null }), [id]);

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!r) return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={28} />)}</Paper>;

  return (
    <>
      <TiersSetupHint request={r} />
      {tab === 'general' && <GeneralTab request={r} />}
      {tab === 'parameters' && <ParametersTab request={r} errors={paramErrors} />}
      {tab === 'audit' && <AuditTab requestId={r.id} />}
    </>
  );
}
