import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { itemGroupResource, type ItemGroup } from '@trellis/domain/catalog/item';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { useGet } from '../../api/hooks.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notify } from '../../app/notices.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { deletedNotice } from './common/notices.ts';
import { groupUrl } from './common/paths.ts';
import { useProductPart } from './common/useProductPart.ts';
import { ItemGroupDialog } from './groups/ItemGroupDialog.tsx';
import { ItemTable } from './items/ItemsTab.tsx';
import { ReadOnlyBanner } from './product/ReadOnlyBanner.tsx';

/** A group as the detail page reads it (a group's name may be null). */
type Shown = Omit<ItemGroup, 'name'> & { name?: string };

/** One item group: its declared fields and its items; edit and delete (an empty group) for the owning vendor. */
export default function ItemGroupDetailsPage() {
  const { id = '', groupId = '' } = useParams();
  const navigate = useNavigate();
  const part = useProductPart(id, 'item-groups', groupId, itemGroupResource, 'groups');
  const group = useGet<ItemGroup>(part.path).data; // the same query ResourceDetail reads
  const [editing, setEditing] = useState(false);
  const inGroup = useCallback((q: RqlBuilder) => q.eq('group.id', groupId), [groupId]);
  usePageChrome({ backRoute: part.back }, [part.back]);

  return (
    <>
      <ResourceDetail<Shown>
        key={part.path}
        resource={part.decl}
        path={part.path}
        title={(g) => g.name ?? g.mpn}
        banner={() => (
          <ReadOnlyBanner
            reason={part.reason}
            owner={part.product.data?.owner?.name ?? 'another account'}
            version={part.version}
            latestUrl={groupUrl(id, groupId)}
          />
        )}
        buttons={() =>
          part.readOnly ? null : (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
        onDeleted={(g) => navigate(part.back, { state: deletedNotice(itemGroupResource, g) })}
      />
      {group && (
        <Box component="section" aria-label="Items in this group" sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            Items in this group
          </Typography>
          <ItemTable productId={id} version={part.version} stateKey="product-group-items" base={inGroup} />
        </Box>
      )}
      <ItemGroupDialog
        productId={id}
        open={editing}
        group={group}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          notify('success', 'Item group saved.');
        }}
      />
    </>
  );
}
