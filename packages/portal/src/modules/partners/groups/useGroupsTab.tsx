import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { productGroupResource, type ProductGroup } from '@trellis/domain/partners/catalog-group';
import { allows } from '@trellis/domain/identity/modules';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import type { ListTab } from '../../../components/TabbedListPage.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from '../../distribution/common/data.ts';
import { GroupDialog } from './GroupDialog.tsx';

/** The Catalog groups tab of the partners page: the account's groups, and Create group. */
export function useGroupsTab(): ListTab {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canWrite = allows(auth.permissions, productGroupResource.module);

  return {
    actions: canWrite && (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
        Create group
      </Button>
    ),
    content: (
      <>
        <ResourceTable<ProductGroup>
          key="groups"
          resource={productGroupResource}
          noun="catalog groups"
          rowLink={(g) => pathTo('partners.groups.details', { id: g.id })}
        />
        <GroupDialog
          open={creating}
          onClose={() => setCreating(false)}
          onSaved={(g) => {
            setCreating(false);
            navigate(pathTo('partners.groups.details', { id: g.id }), {
              state: {
                notice: { severity: 'success', content: `Catalog group ${g.name} was created; add its products here.` },
              } satisfies NoticeState,
            });
          }}
        />
      </>
    ),
  };
}
