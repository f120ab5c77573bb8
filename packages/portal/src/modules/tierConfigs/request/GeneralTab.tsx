import Paper from '@mui/material/Paper';
import { formatDate } from '@trellis/domain/format/date';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { StatusChip, statusLabel } from '../../../components/StatusChip.tsx';
import { RefLink, refText, useRouteUrl } from '../../distribution/common/RefLink.tsx';
import { AccountSummary } from '../AccountSummary.tsx';
import { configPath, configRequestPath, levelLabel } from '../data.ts';

/** The request at a glance: what it sets up for whom, where it came from, who works on it and how it ended. */
export function GeneralTab({ request: r }: { request: TierConfigRequest }) {
  const auth = useAuth();
  const urlOf = useRouteUrl();
  const hour12 = auth.user?.timeformat === '12h';
  const c = r.configuration;
  const me = auth.user?.id;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <FieldList items={[
        { label: 'ID', value: r.id },
        { label: 'Type', value: statusLabel(r.type) },
        { label: 'Status', value: <StatusChip status={r.status} /> },
        ...(r.status === 'failed' ? [{ label: 'Reason', value: r.reason }] : []),
        { label: 'Reseller', value: <AccountSummary account={c.account} /> },
        { label: 'Level', value: levelLabel(c.tier_level) },
        { label: 'Product', value: <RefLink to={urlOf('product', { id: c.product.id, tab: 'general' })}>{refText(c.product)}</RefLink> },
        { label: 'Configuration', value: <RefLink to={configPath(c.id)}>{c.id}</RefLink> },
        ...(r.parent_configuration ? [{ label: 'T1 configuration', value: <RefLink to={configPath(r.parent_configuration.id)}>{refText(r.parent_configuration)}</RefLink> }] : []),
        { label: 'Provider', value: refText(c.connection.provider) },
        { label: 'Vendor', value: refText(c.connection.vendor) },
        { label: 'Connection', value: `${c.connection.id} · ${c.connection.type}` },
        { label: 'Fulfillment request', value: r.asset_request
          ? <RefLink to={urlOf('subscriptions.fulfillment.details', { id: r.asset_request.id })}>{r.asset_request.id}</RefLink> : 'None' },
        ...(r.previous_approved_request ? [{ label: 'Previous approved request', value: <RefLink to={configRequestPath(r.previous_approved_request.id)}>{r.previous_approved_request.id}</RefLink> }] : []),
        { label: 'Assignee', value: r.assignee ? (r.assignee.id === me ? `Me (${r.assignee.name})` : refText(r.assignee)) : 'Nobody' },
        ...(r.template ? [{ label: 'Template', value: r.template.name }] : []),
        ...(r.effective_date ? [{ label: 'Effective', value: formatDate(r.effective_date, { hour12 }) }] : []),
        { label: 'Notes', value: r.notes },
        { label: 'Created', value: formatDate(r.created, { hour12 }) },
        { label: 'Updated', value: formatDate(r.updated, { hour12 }) },
      ]} />
    </Paper>
  );
}
