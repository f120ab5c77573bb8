import Button from '@mui/material/Button';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { groupResource, type Group } from '@trellis/domain/identity/group';
import { pathTo } from '../../../app/routes.ts';
import { fillPath } from '../../../components/fillPath.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { GroupDialog } from './GroupDialog.tsx';

/** Settings › Users › Groups: list and create; a row opens the group. */
export function GroupsTab({ accountId, canWrite }: { accountId: string; canWrite: boolean }) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceTable<Group>
        key="groups"
        resource={groupResource}
        path={fillPath(groupResource.path, { accountId })}
        noun="groups"
        render={{ permissions: (g) => g.permissions.length }}
        rowLink={(g) => pathTo('settings.users.groups.details', { id: g.id })}
        toolbar={
          canWrite && (
            <Button variant="contained" startIcon={<GroupAddOutlinedIcon />} onClick={() => setCreating(true)}>
              Create group
            </Button>
          )
        }
      />
      <GroupDialog
        accountId={accountId}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(g) => {
          setCreating(false);
          navigate(`${pathTo('settings.users.groups.details', { id: g.id })}?tab=members`);
        }}
      />
    </>
  );
}
