import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { itemGroupResource, type ItemGroup } from '@trellis/domain/catalog/item';
import { notify } from '../../../app/notices.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { groupUrl, partPath } from '../common/paths.ts';
import { ItemGroupDialog } from './ItemGroupDialog.tsx';

export interface GroupsTabProps {
  productId: string;
  readOnly: boolean;
  version?: number;
}

/** Item groups of the product (spec §3 summary, as declared); the owning vendor creates them, edits them on theirs. */
export function GroupsTab({ productId, readOnly, version }: GroupsTabProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceTable<ItemGroup>
        key={version ?? 'live'}
        resource={itemGroupResource}
        path={partPath(productId, 'item-groups', version)}
        stateKey="product-item-groups"
        rowLink={(g) => groupUrl(productId, g.id, version)}
        toolbar={
          !readOnly && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create group
            </Button>
          )
        }
      />
      <ItemGroupDialog
        productId={productId}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(g) => {
          notify('success', `Item group ${g.name} was created.`);
          setCreating(false);
        }}
      />
    </>
  );
}
