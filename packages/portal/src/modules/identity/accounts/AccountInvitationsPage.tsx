import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AccountInvitationCreate,
  accountInvitationResource,
  type AccountInvitation,
} from '@trellis/domain/identity/account-invitation';
import { api } from '../../../api/client.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { fillPath } from '../../../components/fillPath.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { notify } from '../data.ts';
import { accountTabs } from './accountTabs.ts';

/**
 * Accounts › Invitations: invite someone to open an account this one will manage (a reseller signing up with the
 * provider, say); the e-mailed link works once, until it expires.
 */
export default function AccountInvitationsPage() {
  const auth = useAuth();
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const path = fillPath(accountInvitationResource.path, { accountId: auth.account.id });
  usePageChrome({ title: 'Accounts', tabs: accountTabs(), activeTab: 'invitations' });
  return (
    <>
      <ResourceTable<AccountInvitation>
        resource={accountInvitationResource}
        noun="invitations"
        path={path}
        rowLink={(i) => pathTo('accounts.invitations.details', { id: i.id })}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setInviting(true)}>
            Invite account
          </Button>
        }
      />
      <SchemaFormDialog
        open={inviting}
        title="Invite an account"
        submitLabel="Send invitation"
        schema={AccountInvitationCreate}
        defaults={{ type: auth.account.type === 'vendor' ? 'vendor' : 'provider' }}
        intro={`The account opened with this invitation is managed by ${auth.account.name}: it uses your brand, and your admins can log in as its users.`}
        onSubmit={async (body) => {
          const made = await api.post<AccountInvitation>(path, body);
          notify('success', `The invitation is on its way to ${made.email}.`);
          await client.invalidateQueries({ queryKey: ['list'] });
        }}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
