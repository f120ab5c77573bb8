import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import type { Request } from '@trellis/domain/fulfillment/request';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notFoundPath } from '../../app/routes.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import type { ParamErrors } from '../../components/RequestParams/index.ts';
import { StatusTypeChips } from '../../components/StatusChip.tsx';
import { useNotice } from '../distribution/common/useNotice.ts';
import { requestPath, subscriptionsPath, useRequest } from './data.ts';
import { ActivationTab } from './request/ActivationTab.tsx';
import { AuditTab } from './request/AuditTab.tsx';
import { tabsOf, type RequestTab } from './request/data.ts';
import { GeneralTab } from './request/GeneralTab.tsx';
import { ItemsTab } from './request/ItemsTab.tsx';
import { ParametersTab } from './request/ParametersTab.tsx';
import { RequestActions } from './request/RequestActions.tsx';
import { TierAccountsTab } from './request/TierAccountsTab.tsx';
import { TierParametersTab } from './request/TierParametersTab.tsx';
import { TiersSetupBanner } from './request/TiersSetupBanner.tsx';

/** The request's parameter values, to tell whether validation messages still belong to them. */
const paramsSig = (r: Request) => JSON.stringify(r.asset.params.map((p) => [p.id, p.value, p.structured_value ?? null]));

/**
 * One fulfillment request (asset request): general data, items, the parameters of each scope, the tier accounts,
 * the activation text and the audit trail, with the actions its state machine allows this side in the header.
 */
export default function RequestDetailsPage() {
  const { id = '', tab: rawTab } = useParams();
  const location = useLocation();
  const query = useRequest(id);
  const r = query.data;
  const tabs = tabsOf(r);
  const wanted = rawTab === 'parameters' ? 'parameters-customer' : rawTab;
  const tab: RequestTab = tabs.find((t) => t.id === wanted)?.id ?? 'general';
  // Messages of a failed Validate / Submit, kept while the values they judged are unchanged.
  const [validation, setValidation] = useState<{ sig: string; errors: ParamErrors } | null>(null);
  const paramErrors = r && validation?.sig === paramsSig(r) ? validation.errors : null;

  usePageChrome({
    title: r?.id ?? id,
    assistiveTitle: r ? `Fulfillment request · ${r.asset.product.name}` : 'Fulfillment request',
    titleChip: r ? <StatusTypeChips status={r.status} type={r.type} /> : null,
    pageLoading: query.isPending,
    backRoute: subscriptionsPath('fulfillment'),
    headerActions: r ? <RequestActions request={r} onParamErrors={(errors) => setValidation(errors ? { sig: paramsSig(r), errors } : null)} /> : null,
    tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: requestPath(id, t.id) })),
    activeTab: tab,
  }, [r, tab, id]);
  // The message the page we came from handed over (a purchase placed, a change asked for); cleared on leaving.
  useNotice(id);

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!r) return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={28} />)}</Paper>;

  let content;
  switch (tab) {
    case 'items': content = <ItemsTab request={r} />; break;
    case 'parameters-customer': content = <ParametersTab request={r} errors={paramErrors} />; break;
    case 'parameters-tier1': content = <TierParametersTab key="t1" request={r} level={1} />; break;
    case 'parameters-tier2': content = <TierParametersTab key="t2" request={r} level={2} />; break;
    case 'tiers': content = <TierAccountsTab request={r} />; break;
    case 'activation': content = <ActivationTab request={r} />; break;
    case 'audit': content = <AuditTab requestId={r.id} />; break;
    default: content = <GeneralTab request={r} />;
  }
  return (
    <>
      <TiersSetupBanner request={r} />
      {content}
    </>
  );
}
