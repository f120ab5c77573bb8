import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TierRef } from '@trellis/domain/fulfillment/common';
import type { Request } from '@trellis/domain/fulfillment/request';
import { TIER_SCOPE_LABELS } from '@trellis/domain/tiers/tier-account';
import { FieldList } from '../../../components/FieldList.tsx';
import { formatPhone } from '../../customers/data.ts';
import { RefLink, useRouteUrl } from '../../distribution/common/RefLink.tsx';

const lines = (parts: (string | null | undefined)[]) => {
  const shown = parts.filter((p): p is string => !!p && !!p.trim());
  return shown.length ? <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{shown.join('\n')}</Box> : null;
};

function TierCard({ label, tier }: { label: string; tier: TierRef }) {
  const urlOf = useRouteUrl();
  const ci = tier.contact_info;
  const c = ci.contact;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={label}>
      <Typography variant="overline" component="h3" color="text.secondary">{label}</Typography>
      <FieldList items={[
        { label: 'Name', value: <RefLink to={urlOf('customers.directory.details', { id: tier.id })}>{tier.name}</RefLink> },
        { label: 'ID', value: tier.id },
        { label: 'External ID', value: tier.external_id },
        { label: 'External UID', value: tier.external_uid },
        { label: 'Tax ID', value: tier.tax_id },
        { label: 'Address', value: lines([ci.address_line1, ci.address_line2, [ci.postal_code, ci.city].filter(Boolean).join(' '),
          ci.state !== ci.city ? ci.state : null, ci.country]) },
        { label: 'Contact', value: lines([`${c.first_name} ${c.last_name}`.trim(), c.email, formatPhone(c.phone_number)]) },
      ]} />
    </Paper>
  );
}

/** The customer and its resellers (T1, T2) as the request carries them, with their contact information. */
export function TierAccountsTab({ request: r }: { request: Request }) {
  const { customer, tier1, tier2 } = r.asset.tiers;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TierCard label={TIER_SCOPE_LABELS.customer} tier={customer} />
      {tier1 && <TierCard label={TIER_SCOPE_LABELS.tier1} tier={tier1} />}
      {tier2 && <TierCard label={TIER_SCOPE_LABELS.tier2} tier={tier2} />}
    </Box>
  );
}
