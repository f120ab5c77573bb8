import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { tierAccountRequestResource, type TierAccountRequest } from '@trellis/domain/fulfillment/tier-account-request';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { RefLink, refText, useRouteUrl } from '../distribution/common/RefLink.tsx';
import { AccountChanges } from './AccountChanges.tsx';
import { accountRequestsPath, formatPhone, notify, tierLabel } from './data.ts';
import { IgnoreDialog } from './IgnoreDialog.tsx';

const API = tierAccountRequestResource.path;

/** What accepting or ignoring did, in the vendor's words. */
function actionMessage(action: string, r: TierAccountRequest | undefined): string | undefined {
  if (!r) return undefined;
  if (action === 'accept') return `Accepted: version ${r.account.version} of ${r.account.name} is taken into your systems.`;
  if (action === 'ignore') return `Ignored: version ${r.account.version} of ${r.account.name} stays out of your systems.`;
  return undefined;
}

/**
 * One tier account request: the account's new data, what changed since the version before, the product and the
 * provider; the vendor accepts it or ignores it (with an optional reason).
 */
export default function TierAccountRequestDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const client = useQueryClient();
  const urlOf = useRouteUrl();
  const path = `${API}/${id}`;
  const [ignoring, setIgnoring] = useState<TierAccountRequest | null>(null);
  const hour12 = auth.user?.timeformat === '12h';
  usePageChrome({ backRoute: accountRequestsPath() }, []);

  const fields = (r: TierAccountRequest) => {
    const a = r.account;
    const ci = a.contact_info;
    const c = ci.contact;
    return [
      { label: 'ID', value: r.id },
      { label: 'Type', value: statusLabel(r.type) },
      { label: 'Status', value: <StatusChip status={r.status} /> },
      { label: 'Account', value: <RefLink to={urlOf('customers.directory.details', { id: a.id })}>{`${a.name} (${a.id})`}</RefLink> },
      { label: 'Tier', value: tierLabel(a) },
      { label: 'Version', value: String(a.version) },
      { label: 'Changes', value: <AccountChanges account={a} /> },
      { label: 'External UID', value: a.external_uid },
      { label: 'External ID', value: a.external_id },
      { label: 'Tax ID', value: a.tax_id },
      { label: 'Address', value: (
        <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
          {[ci.address_line1, ci.address_line2, [ci.postal_code, ci.city].filter(Boolean).join(' '), ci.state, ci.country].filter(Boolean).join('\n')}
        </Box>
      ) },
      { label: 'Contact', value: [`${c.first_name} ${c.last_name}`.trim(), c.email, formatPhone(c.phone_number)].filter(Boolean).join(' · ') },
      { label: 'Product', value: <RefLink to={urlOf('product', { id: r.product.id, tab: 'general' })}>{refText(r.product)}</RefLink> },
      { label: 'Provider', value: refText(r.provider) },
      { label: 'Vendor', value: refText(r.vendor) },
      ...(r.reason ? [{ label: 'Reason', value: r.reason }] : []),
      { label: 'Created', value: formatDate(r.created, { hour12 }) },
      { label: 'Updated', value: formatDate(r.updated, { hour12 }) },
    ];
  };

  return (
    <>
      <ResourceDetail<TierAccountRequest> resource={tierAccountRequestResource} path={path} fields={fields}
        actionMessage={(action, answer) => actionMessage(action, answer as TierAccountRequest | undefined)}
        onAction={(action, r) => {
          if (action !== 'ignore') return false;
          setIgnoring(r);
          return true;
        }} />
      <IgnoreDialog request={ignoring} onClose={() => setIgnoring(null)}
        onIgnored={(answer) => {
          notify('success', actionMessage('ignore', answer ?? ignoring ?? undefined));
          setIgnoring(null);
          void client.invalidateQueries({ queryKey: ['get', path] });
          void client.invalidateQueries({ queryKey: ['list'] });
        }} />
    </>
  );
}
