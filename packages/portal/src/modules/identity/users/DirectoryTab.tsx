import Button from '@mui/material/Button';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import { useState } from 'react';
import { accountUserResource, type AccountUser } from '@trellis/domain/identity/user';
import { pathTo } from '../../../app/routes.ts';
import { fillPath } from '../../../components/fillPath.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { notify } from '../data.ts';
import { InviteUserDialog } from './InviteUserDialog.tsx';
import { MemberRowActions } from './MemberRowActions.tsx';

/** Settings › Users › Directory: the account's members, invite, and per-row actions. */
export function DirectoryTab({ accountId }: { accountId: string }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <ResourceTable<AccountUser>
        key="directory"
        resource={accountUserResource}
        noun="users"
        rowActions={(m) => <MemberRowActions accountId={accountId} member={m} />}
        path={fillPath(accountUserResource.path, { accountId })}
        rowLink={(m) => pathTo('settings.users.directory.details', { id: m.id })}
        toolbar={
          <Button variant="contained" startIcon={<PersonAddAltIcon />} onClick={() => setInviting(true)}>
            Invite user
          </Button>
        }
      />
      <InviteUserDialog
        accountId={accountId}
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(u) => {
          setInviting(false);
          // Someone who already has a Trellis login joins at once (the server tells them by e-mail).
          notify(
            'success',
            u.status === 'joined'
              ? `${u.email} already had a login and is now a member; they were told by e-mail.`
              : `${u.email} was invited; the invitation e-mail is on its way.`,
          );
        }}
      />
    </>
  );
}
