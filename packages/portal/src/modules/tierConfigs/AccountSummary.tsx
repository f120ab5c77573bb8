import Box from '@mui/material/Box';
import type { TierRef } from '@trellis/domain/fulfillment/common';
import { RefLink, useRouteUrl } from '../distribution/common/RefLink.tsx';
import { formatPhone } from '../customers/data.ts';

/** A tier account as requests and configs carry it: name and id (a link when the user has the Customers page), ids, contact. */
export function AccountSummary({ account }: { account: TierRef }) {
  const urlOf = useRouteUrl();
  const c = account.contact_info.contact;
  const lines = [
    [account.external_id && `External ID ${account.external_id}`, `External UID ${account.external_uid}`, account.tax_id && `Tax ID ${account.tax_id}`]
      .filter(Boolean).join(' · '),
    [`${c.first_name} ${c.last_name}`.trim(), c.email, formatPhone(c.phone_number)].filter(Boolean).join(' · '),
  ].filter(Boolean);
  return (
    <Box>
      <RefLink to={urlOf('customers.directory.details', { id: account.id })}>{`${account.name} (${account.id})`}</RefLink>
      {lines.map((l) => <Box key={l} sx={{ color: 'text.secondary', fontSize: 13 }}>{l}</Box>)}
    </Box>
  );
}
