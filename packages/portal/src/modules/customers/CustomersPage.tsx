import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { allows } from '@trellis/domain/identity/modules';
import { tierAccountRequestResource, type TierAccountRequest } from '@trellis/domain/customers/tier-account-request';
import { tierAccountResource, type TierAccount } from '@trellis/domain/customers/tier-account';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { TabbedListPage } from '../../components/TabbedListPage.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { accountRequestPath, customerPath, customersPath, Noun, type CustomersView } from './data.ts';

/** Customers are filtered by status only; resellers by tier too (T1 or T2). */
const VIEWS: Record<CustomersView, { decl: ResourceDecl; base: (q: RqlBuilder) => RqlBuilder; noun: string }> = {
  customers: {
    decl: { ...tierAccountResource, title: 'Customer', list: { ...tierAccountResource.list!, filters: ['status'] } },
    base: (q) => q.eq('scopes', 'customer'),
    noun: 'customers',
  },
  resellers: {
    decl: {
      ...tierAccountResource,
      title: 'Reseller',
      filters: {
        ...tierAccountResource.filters,
        scopes: { ...tierAccountResource.filters.scopes, options: ['tier1', 'tier2'] },
      },
    },
    base: (q) => q.eq('type', 'reseller'),
    noun: 'resellers',
  },
};

/**
 * Customers: the directory of tier accounts (customers, and the T1 / T2 resellers between the provider and them) and
 * the tier account requests that tell vendors about changed account data. The provider creates and edits accounts;
 * a vendor reads those of its subscriptions and accepts or ignores the requests.
 */
export default function CustomersPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view: CustomersView = params.get('view') === 'resellers' ? 'resellers' : 'customers';
  const v = VIEWS[view];
  const type = view === 'resellers' ? 'reseller' : 'customer';
  const [creating, setCreating] = useState(false);
  const canWrite = auth.account.type === 'provider' && allows(auth.permissions, tierAccountResource.module);

  return (
    <TabbedListPage
      route="customers"
      tabs={{
        directory: {
          actions: canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {`Create ${type}`}
            </Button>
          ) : undefined,
          content: (
            <>
              {/* a link of its own per view: the filters remembered in the URL belong to one view */}
              <ToggleButtonGroup
                exclusive
                size="small"
                value={view}
                aria-label="Show"
                sx={{ mb: 2 }}
                onChange={(_, next: CustomersView | null) => {
                  if (next) navigate(customersPath(next));
                }}
              >
                <ToggleButton value="customers">Customers</ToggleButton>
                <ToggleButton value="resellers">Resellers (T1 / T2)</ToggleButton>
              </ToggleButtonGroup>
              <ResourceTable<TierAccount>
                key={view}
                resource={v.decl}
                base={v.base}
                stateKey={`tier-accounts-${view}`}
                noun={v.noun}
                rowLink={(a) => customerPath(a.id)}
              />
              <CustomerDialog
                open={creating}
                type={type}
                onClose={() => setCreating(false)}
                onSaved={(a) => {
                  setCreating(false);
                  notify(
                    'success',
                    <>
                      {`${Noun(a.type)} `}
                      <b>{a.name}</b>
                      {` (${a.id}) was created.`}
                    </>,
                    <Button color="inherit" size="small" onClick={() => navigate(customerPath(a.id))}>
                      Open
                    </Button>,
                  );
                }}
              />
            </>
          ),
        },
        requests: {
          content: (
            <ResourceTable<TierAccountRequest>
              key="requests"
              resource={tierAccountRequestResource}
              rowLink={(r) => accountRequestPath(r.id)}
            />
          ),
        },
      }}
    />
  );
}
