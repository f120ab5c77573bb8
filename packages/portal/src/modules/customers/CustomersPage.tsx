import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { allows } from '@trellis/domain/identity/modules';
import { tierAccountResource, type TierAccount } from '@trellis/domain/tiers/tier-account';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { chrome } from '../../app/chrome/store.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { customerPath, customersPath, Noun, tierLabel, type CustomersView } from './data.ts';

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

/** The provider's customers and (second tab) the T1 / T2 resellers between it and them. */
export default function CustomersPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view: CustomersView = params.get('view') === 'resellers' ? 'resellers' : 'customers';
  const v = VIEWS[view];
  const type = view === 'resellers' ? 'reseller' : 'customer';
  const [creating, setCreating] = useState(false);
  const canWrite = auth.account.type === 'provider' && allows(auth.permissions, tierAccountResource.module);

  usePageChrome({
    title: 'Customers',
    tabs: [
      { id: 'customers', label: 'Customers', to: customersPath('customers') },
      { id: 'resellers', label: 'Resellers (T1 / T2)', to: customersPath('resellers') },
    ],
    activeTab: view,
    headerActions: canWrite ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{`Create ${type}`}</Button>
    ) : null,
  }, [view, canWrite]);
  useEffect(() => () => chrome.set({ alert: null }), []);

  return (
    <>
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
