import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { allows } from '@trellis/domain/identity/modules';
import { tierAccountResource, type TierAccount } from '@trellis/domain/tiers/tier-account';
import { api } from '../../api/client.ts';
import { useGet } from '../../api/hooks.ts';
import { chrome } from '../../app/chrome/store.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useCountryList } from '../../components/AccountForm/countries.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { customerPath, customersPath, formatPhone, noun, Noun, notify, TIER_PATH, tierLabel } from './data.ts';
import { VersionsTab } from './VersionsTab.tsx';

const lines = (parts: (string | null | undefined)[]) => {
  const shown = parts.filter((p): p is string => !!p && !!p.trim());
  return shown.length ? <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{shown.join('\n')}</Box> : null;
};

/** One tier account (customer, T1 or T2): its data, edit with the account form, decommission, versions. */
export default function CustomerDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const client = useQueryClient();
  const path = `${TIER_PATH}/${id}`;
  const account = useGet<TierAccount>(path).data; // the same query ResourceDetail reads
  const countries = useCountryList();
  const hour12 = auth.user?.timeformat === '12h';
  const [editing, setEditing] = useState(false);
  const [decommissioning, setDecommissioning] = useState(false);
  const canWrite = auth.account.type === 'provider' && allows(auth.permissions, tierAccountResource.module);

  usePageChrome({ backRoute: customersPath(account?.type === 'reseller' ? 'resellers' : 'customers') }, [account?.type]);
  useEffect(() => () => chrome.set({ alert: null }), []);

  // The kind shown above the title: Customer, T1 reseller, T2 reseller.
  const decl = useMemo(() => ({ ...tierAccountResource, title: account ? tierLabel(account) : 'Customer' }), [account]);
  const countryName = (code: string) => countries.data?.find((c) => c.id === code)?.name ?? code;
  const when = (e: { at?: string; by?: { name?: string } | null } | undefined) =>
    e?.at ? [formatDate(e.at, { hour12 }), e.by?.name].filter(Boolean).join(' by ') : null;
  const ref = (r: { id: string; name: string | null } | null | undefined): ReactNode =>
    r ? <Link component={RouterLink} to={customerPath(r.id)}>{`${r.name ?? r.id} (${r.id})`}</Link> : null;

  const fields = (a: TierAccount) => {
    const ci = a.contact_info;
    const c = ci.contact;
    return [
      { label: 'ID', value: a.id },
      { label: 'Name', value: a.name },
      { label: 'Tier', value: tierLabel(a) },
      { label: 'Parent', value: a.parent ? <>{ref(a.parent)}{a.parent.parent && <> under {ref(a.parent.parent)}</>}</> : 'None (direct)' },
      { label: 'Status', value: <StatusChip status={a.status} /> },
      { label: 'External UID', value: a.external_uid },
      { label: 'External ID', value: a.external_id },
      { label: 'Tax ID', value: a.tax_id },
      { label: 'Address', value: lines([ci.address_line1, ci.address_line2, [ci.postal_code, ci.city].filter(Boolean).join(' '),
        ci.state !== ci.city ? ci.state : null, countryName(ci.country)]) },
      { label: 'Contact', value: lines([`${c.first_name} ${c.last_name}`.trim(), c.email, formatPhone(c.phone_number)]) },
      { label: 'Environment', value: a.environment },
      { label: 'Data region', value: a.db },
      { label: 'Hub', value: a.hub ? `${a.hub.name} (${a.hub.id})` : null },
      { label: 'Version', value: String(a.version) },
      { label: 'Created', value: when(a.events.created) },
      { label: 'Updated', value: when(a.events.updated) },
      ...(a.events.decommissioned ? [{ label: 'Decommissioned', value: when(a.events.decommissioned) }] : []),
    ];
  };

  return (
    <>
      <ResourceDetail<TierAccount> resource={decl} path={path} fields={fields}
        actions={(a) => (canWrite && a.status === 'active' ? (
          <>
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>Edit</Button>
            <Button variant="outlined" size="small" color="error" onClick={() => setDecommissioning(true)}>Decommission</Button>
          </>
        ) : null)}
        tabs={[{ id: 'versions', label: 'Versions', render: (a) => <VersionsTab accountId={a.id} /> }]} />
      <CustomerDialog open={editing} account={account} onClose={() => setEditing(false)}
        onSaved={(a) => {
          setEditing(false);
          notify('success', a.version === account?.version ? 'Nothing changed.' : `Saved: ${noun(a.type)} ${a.name} is now at version ${a.version}.`);
        }} />
      <ConfirmDialog open={decommissioning} title={`Decommission ${account ? noun(account.type) : 'customer'}`} confirmLabel="Decommission"
        destructive onClose={() => setDecommissioning(false)}
        onConfirm={async () => {
          await api.delete(path);
          await client.invalidateQueries({ queryKey: ['get', path] });
          void client.invalidateQueries({ queryKey: ['list'] });
          notify('success', `${Noun(account!.type)} ${account!.name} was decommissioned.`);
        }}>
        {account && <>Decommission <b>{account.name}</b> ({account.id})? It stays readable but can no longer be changed. This cannot be undone.</>}
      </ConfirmDialog>
    </>
  );
}
