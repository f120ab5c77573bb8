import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { accountUserResource, type AccountUser } from '@trellis/domain/identity/user';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { notify, type NoticeState } from '../data.ts';
import { EditGroupsDialog } from './EditGroupsDialog.tsx';
import { memberPath, memberRemoved } from './memberActions.ts';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import { ResetMfaDialog } from './ResetMfaDialog.tsx';

const DIRECTORY = () => pathTo('settings.users', { tab: 'directory' });

/** One member of the account: profile, groups (editable), and the actions its status allows. */
export default function MemberDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const accountId = auth.account.id;
  const canWrite = allows(auth.permissions, accountUserResource.module);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const [resetting, setResetting] = useState<AccountUser | null>(null);
  usePageChrome({ backRoute: DIRECTORY() });

  return (
    <>
      <ResourceDetail<AccountUser>
        resource={accountUserResource}
        path={memberPath(accountId, id!)}
        render={{
          groups: (m) =>
            m.groups?.length ? (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {m.groups.map((g) => (
                  <Chip key={g.id} size="small" label={g.name} />
                ))}
              </Box>
            ) : (
              'No groups: this user has no permissions.'
            ),
        }}
        buttons={(m) =>
          canWrite ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setEditing(m)}>
                Edit groups
              </Button>
              {m.id !== auth.user?.id && m.status === 'joined' && (
                <Button variant="outlined" size="small" onClick={() => setResetting(m)}>
                  Reset MFA
                </Button>
              )}
              <Button variant="outlined" size="small" color="error" onClick={() => setRemoving(m)}>
                Remove
              </Button>
            </>
          ) : null
        }
      />
      {editing && (
        <EditGroupsDialog
          accountId={accountId}
          member={editing}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify('success', 'Groups saved.');
          }}
        />
      )}
      <ResetMfaDialog
        accountId={accountId}
        member={resetting}
        onClose={() => setResetting(null)}
        onReset={(m) => notify('success', `Multi-factor authentication of ${m.name || m.email} was reset.`)}
      />
      <RemoveMemberDialog
        accountId={accountId}
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(m) =>
          navigate(DIRECTORY(), {
            state: { notice: { severity: 'success', content: memberRemoved(m) } } satisfies NoticeState,
          })
        }
      />
    </>
  );
}
