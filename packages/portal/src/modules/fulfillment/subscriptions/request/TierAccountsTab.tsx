import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldDisplay } from '@trellis/domain/resource/fields';
import type { TierRef } from '@trellis/domain/fulfillment/common';
import type { Request } from '@trellis/domain/fulfillment/request';
import { TIER_SCOPE_LABELS } from '@trellis/domain/customers/tier-account';
import { useAuth } from '../../../../app/session/SessionProvider.tsx';
import { useHour12, useViewer } from '../../../../app/session/useViewer.ts';
import { renderKind, type DisplayContext } from '../../../../components/display/FieldValue.tsx';
import { FieldList } from '../../../../components/FieldList.tsx';

/** How a tier account the request carries reads: the same kinds as the customer's own page (country by name). */
const TIER_FIELDS: [keyof TierRef | 'self' | 'contact', FieldDisplay][] = [
  ['self', { label: 'Name', kind: 'ref', route: 'customers.directory.details' }],
  ['id', { label: 'ID', kind: 'id' }],
  ['external_id', { label: 'External ID', kind: 'text' }],
  ['external_uid', { label: 'External UID', kind: 'text' }],
  ['tax_id', { label: 'Tax ID', kind: 'text' }],
  ['contact_info', { label: 'Address', kind: 'address' }],
  ['contact', { label: 'Contact', kind: 'contact' }],
];

function TierCard({ label, tier, ctx }: { label: string; tier: TierRef; ctx: DisplayContext }) {
  const value = (key: (typeof TIER_FIELDS)[number][0]) =>
    key === 'self' ? tier : key === 'contact' ? tier.contact_info.contact : tier[key];
  return (
    <Box component="section" aria-label={label}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {label}
      </Typography>
      <FieldList
        items={TIER_FIELDS.map(([key, f]) => ({ label: f.label, value: renderKind(f, value(key), tier, ctx) }))}
      />
    </Box>
  );
}

/** The customer and its resellers (T1, T2) as the request carries them, with their contact information. */
export function TierAccountsTab({ request: r }: { request: Request }) {
  const ctx: DisplayContext = { viewer: useViewer(), access: useAuth(), hour12: useHour12() };
  const { customer, tier1, tier2 } = r.asset.tiers;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TierCard label={TIER_SCOPE_LABELS.customer} tier={customer} ctx={ctx} />
      {tier1 && <TierCard label={TIER_SCOPE_LABELS.tier1} tier={tier1} ctx={ctx} />}
      {tier2 && <TierCard label={TIER_SCOPE_LABELS.tier2} tier={tier2} ctx={ctx} />}
    </Box>
  );
}
