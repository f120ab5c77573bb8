import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { formatDate } from '@trellis/domain/format/date';
import type { Request } from '@trellis/domain/fulfillment/request';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { StatusChip, statusLabel } from '../../../components/StatusChip.tsx';
import { RefLink, refText, useRouteUrl } from '../../distribution/common/RefLink.tsx';

/** The request at a glance: what it changes, for whom, through which connection, and where it stands. */
export function GeneralTab({ request: r }: { request: Request }) {
  const auth = useAuth();
  const urlOf = useRouteUrl();
  const hour12 = auth.user?.timeformat === '12h';
  const a = r.asset;
  const when = (at: string | null | undefined) => formatDate(at, { hour12 }) || null;
  const assignee = r.assignee
    ? (r.assignee.id === auth.user?.id ? `Me (${r.assignee.name || r.assignee.id})` : refText(r.assignee))
    : 'Nobody';
  const connection = [a.connection.id, statusLabel(a.connection.type), a.connection.hub ? `hub ${refText(a.connection.hub)}` : null].filter(Boolean).join(' · ');
  const marketplace = r.marketplace ?? a.marketplace;

  const items = [
    { label: 'ID', value: r.id },
    { label: 'Type', value: statusLabel(r.type) },
    { label: 'Status', value: <StatusChip status={r.status} /> },
    { label: 'Subscription', value: (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <RefLink to={urlOf('subscriptions.directory.details', { id: a.id })}>{a.id}</RefLink>
        <StatusChip status={a.status} />
      </Box>
    ) },
    { label: 'External ID', value: a.external_id },
    { label: 'Product', value: <RefLink to={urlOf('product', { id: a.product.id, tab: 'general' })}>{refText(a.product)}</RefLink> },
    { label: 'Marketplace', value: marketplace ? <RefLink to={urlOf('marketplaces.details', { id: marketplace.id })}>{refText(marketplace)}</RefLink> : null },
    { label: 'Connection', value: connection },
    { label: 'Provider', value: refText(a.connection.provider) },
    { label: 'Vendor', value: refText(a.connection.vendor) },
    { label: 'Customer', value: <RefLink to={urlOf('customers.directory.details', { id: a.tiers.customer.id })}>{refText(a.tiers.customer)}</RefLink> },
    { label: 'Contract', value: refText(r.contract ?? a.contract) },
    { label: 'Assignee', value: assignee },
    ...(r.status === 'failed' || r.status === 'revoked' || r.status === 'revoking' || r.reason
      ? [{ label: r.status === 'failed' ? 'Reason of rejection' : 'Reason', value: r.reason }] : []),
    ...(r.status === 'scheduled' || r.planned_date ? [{ label: 'Planned date', value: when(r.planned_date) }] : []),
    ...(r.effective_date ? [{ label: 'Effective date', value: when(r.effective_date) }] : []),
    ...(r.template ? [{ label: 'Template', value: refText(r.template) }] : []),
    ...(r.previous_approved_request ? [{ label: 'Previous approved request', value: r.previous_approved_request.id }] : []),
    { label: 'Note', value: r.note },
    { label: 'Created', value: [when(r.events.created?.at ?? r.created), r.events.created?.by?.name].filter(Boolean).join(' by ') },
    { label: 'Updated', value: [when(r.events.updated?.at ?? r.updated), r.events.updated?.by?.name].filter(Boolean).join(' by ') },
  ];
  return <Paper variant="outlined" sx={{ p: 3 }}><FieldList items={items} /></Paper>;
}
