import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { groupResource, type Group } from '@trellis/domain/identity/group';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { notify, type NoticeState } from '../data.ts';
import { PermissionsEditor } from '../PermissionsEditor.tsx';
import { GroupDialog } from './GroupDialog.tsx';
import { GroupMembers } from './GroupMembers.tsx';

const GROUPS = () => pathTo('settings.users', { tab: 'groups' });
const moduleOf = (p: Group['permissions'][number]) => p.object?.id ?? p.id;

/** One group: details, members and module permissions; edit and delete. */
export default function GroupDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const hour12 = auth.user?.timeformat === '12h';
  const accountId = auth.account.id;
  const path = `/accounts/${accountId}/groups/${id}`;
  const canWrite = allows(auth.permissions, groupResource.module);
  const [editing, setEditing] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  usePageChrome({ backRoute: GROUPS() });

  return (
    <>
      <ResourceDetail<Group>
        resource={groupResource}
        path={path}
        render={{
          permissions: (g) =>
            g.permissions.length ? `${g.permissions.length} module${g.permissions.length === 1 ? '' : 's'}` : 'None',
        }}
        tabs={[
          {
            id: 'members',
            label: 'Members',
            render: (g) => <GroupMembers accountId={accountId} groupId={g.id} canWrite={canWrite} hour12={hour12} />,
          },
          {
            id: 'permissions',
            label: 'Permissions',
            render: (g) => (
              <PermissionsEditor
                path={`${path}/permissions`}
                granted={g.permissions.map(moduleOf)}
                canWrite={canWrite}
                subject="members of this group"
              />
            ),
          },
        ]}
        buttons={(g) =>
          canWrite ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setEditing(g)}>
                Edit
              </Button>
              <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(g)}>
                Delete
              </Button>
            </>
          ) : null
        }
      />
      <GroupDialog
        accountId={accountId}
        open={!!editing}
        group={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', 'Group saved.');
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete group"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(path);
          navigate(GROUPS(), {
            state: {
              notice: { severity: 'success', content: `Group ${deleting!.name} was deleted.` },
            } satisfies NoticeState,
          });
        }}
      >
        {deleting && (
          <>
            Delete the group <b>{deleting.name}</b>? Its {deleting.stats?.users ?? 0} member(s) lose the permissions it
            grants.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
