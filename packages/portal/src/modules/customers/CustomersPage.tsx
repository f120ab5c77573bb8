import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { allows } from '@trellis/domain/identity/modules';
import { tierAccountRequestResource, type TierAccountRequest } from '@trellis/domain/fulfillment/tier-account-request';
import { tierAccountResource, type TierAccount } from '@trellis/domain/tiers/tier-account';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { chrome } from '../../app/chrome/store.ts';
import { pathTo, routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { accountRequestPath, customerPath, customersPath, Noun, tierLabel, type CustomersView } from './data.ts';

const ROUTE = 'customers';

/** The declaration with only the choice filters that make sense in a view (customers have no tier to pick). */
function viewDecl(title: string, choices: Record<string, readonly string[]>): ResourceDecl {
  const filters = Object.fromEntries(Object.entries(tierAccountResource.filters).flatMap(([field, f]) => {
    if (!f.options) return [[field, f]];
    return field in choices ? [[field, { ...f, options: choices[field], label: field === 'scopes' ? 'Tier' : f.label }]] : [];
  }));
  return { ...tierAccountResource, title, filters } as ResourceDecl;
}

const VIEWS = {
  customers: {
    decl: viewDecl('Customer', { status: ['active', 'decommissioned'] }),
    base: (q: RqlBuilder) => q.eq('scopes', 'customer'),
    noun: 'customers',
  },
  resellers: {
    decl: viewDecl('Reseller', { scopes: ['tier1', 'tier2'], status: ['active', 'decommissioned'] }),
    base: (q: RqlBuilder) => q.eq('type', 'reseller'),
    noun: 'resellers',
  },
} as const;

const COLUMNS: Column<TierAccount>[] = [
  { field: 'name', label: 'Name', render: (a) => <Box sx={{ fontWeight: 500 }}>{a.name}</Box> },
  { field: 'id', label: 'ID' },
  { field: 'external_id', label: 'External ID' },
  { field: 'scopes', label: 'Tier', render: (a) => tierLabel(a) },
  { field: 'parent.name', label: 'Parent' },
  { field: 'status', label: 'Status' },
  { field: 'events.updated.at', label: 'Updated' },
];

/** The declaration's columns, named; each side sees the other party (a vendor the provider, a provider the vendor). */
function requestColumns(side: string): Column<TierAccountRequest>[] {
  return [
    { field: 'id', label: 'ID' },
    { field: 'account.name', label: 'Account', render: (r) => (
      <Box>
        <Box sx={{ fontWeight: 500 }}>{r.account.name}</Box>
        <Box sx={{ color: 'text.secondary', fontSize: 12 }}>{`${tierLabel(r.account)} · ${r.account.id}`}</Box>
      </Box>
    ) },
    { field: 'account.version', label: 'Version' },
    { field: 'product.name', label: 'Product' },
    side === 'vendor' ? { field: 'provider.name', label: 'Provider' } : { field: 'vendor.name', label: 'Vendor' },
    { field: 'status', label: 'Status' },
    { field: 'created', label: 'Created' },
  ];
}

/**
 * Customers: the directory of tier accounts (customers, and the T1 / T2 resellers between the provider and them) and
 * the tier account requests that tell vendors about changed account data. The provider creates and edits accounts;
 * a vendor reads those of its subscriptions and accepts or ignores the requests.
 */
export default function CustomersPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { tab } = useParams();
  const [params] = useSearchParams();
  const tabs = routeByName(ROUTE).tabs!;
  const active = tabs.find((t) => t.id === tab)?.id;
  const view: CustomersView = params.get('view') === 'resellers' ? 'resellers' : 'customers';
  const v = VIEWS[view];
  const type = view === 'resellers' ? 'reseller' : 'customer';
  const [creating, setCreating] = useState(false);
  const canWrite = auth.account.type === 'provider' && allows(auth.permissions, tierAccountResource.module);

  usePageChrome({
    title: 'Customers',
    tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: pathTo(ROUTE, { tab: t.id }) })),
    activeTab: active ?? null,
    headerActions: canWrite && active === 'directory' ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{`Create ${type}`}</Button>
    ) : null,
  }, [active, view, canWrite]);
  useEffect(() => () => chrome.set({ alert: null }), []);

  // '/customers' (and its old '?view=resellers' links) open the directory tab.
  if (!active) return <Navigate to={`${pathTo(ROUTE, { tab: tabs[0].id })}${location.search}`} replace />;
  if (active === 'requests') {
    return (
      <ResourceTable<TierAccountRequest> key="requests" resource={tierAccountRequestResource} noun="tier account requests"
        columns={requestColumns(auth.account.type)} rowLink={(r) => accountRequestPath(r.id)} />
    );
  }
  return (
    <>
      {/* a link of its own per view: the filters remembered in the URL belong to one view */}
      <ToggleButtonGroup exclusive size="small" value={view} aria-label="Show" sx={{ mb: 2 }}
        onChange={(_, next: CustomersView | null) => { if (next) navigate(customersPath(next)); }}>
        <ToggleButton value="customers">Customers</ToggleButton>
        <ToggleButton value="resellers">Resellers (T1 / T2)</ToggleButton>
      </ToggleButtonGroup>
      <ResourceTable<TierAccount> key={view} resource={v.decl} base={v.base} stateKey={`tier-accounts-${view}`} noun={v.noun}
        columns={COLUMNS} rowLink={(a) => customerPath(a.id)} />
      <CustomerDialog open={creating} type={type} onClose={() => setCreating(false)}
        onSaved={(a) => {
          setCreating(false);
          chrome.set({ alert: {
            severity: 'success',
            content: <>{`${Noun(a.type)} `}<b>{a.name}</b>{` (${a.id}) was created.`}</>,
            action: <Button color="inherit" size="small" onClick={() => navigate(customerPath(a.id))}>Open</Button>,
          } });
        }} />
    </>
  );
}
