import Button from '@mui/material/Button';
import { useState } from 'react';
import { accountUserResource, type AccountUser } from '@trellis/domain/identity/user';
import { fillPath } from '../../../components/fillPath.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { LogInAsDialog } from './LogInAsDialog.tsx';

/** The members of an account the current one manages, each with "Log in as" (joined members only). */
export function ManagedUsersTab({ account }: { account: { id: string; name: string } }) {
  const [target, setTarget] = useState<AccountUser | null>(null);
  return (
    <>
      <ResourceTable<AccountUser>
        key={`managed-users-${account.id}`}
        resource={accountUserResource}
        noun="users"
        stateKey="managed-account-users"
        path={fillPath(accountUserResource.path, { accountId: account.id })}
        rowActions={(m) =>
          m.status === 'joined' ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setTarget(m)}
              aria-label={`Log in as ${m.email}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Log in as
            </Button>
          ) : null
        }
      />
      <LogInAsDialog account={account} member={target} onClose={() => setTarget(null)} />
    </>
  );
}
