import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { listingRequestResource, listingResource, type ListingRequest } from '@trellis/domain/distribution/listing';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../api/client.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { renderField } from '../../components/display/FieldValue.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { ConversationTab } from '../helpdesk/conversation/ConversationTab.tsx';
import { notify } from './common/data.ts';
import { useDisplay } from './common/display.ts';
import { useNotice } from './common/useNotice.ts';
import { AssignUserDialog } from '../../components/AssignUserDialog.tsx';
import { marketplaceWithIcon } from './listings/columns.tsx';

/**
 * One listing request with the actions its status allows this side: the vendor submits or deletes a draft; the
 * marketplace's provider deploys, completes, cancels, sends it back to refine, and assigns it.
 */
export default function ListingRequestDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const client = useQueryClient();
  const display = useDisplay();
  const path = `${listingRequestResource.path}/${id}`;
  const [assigning, setAssigning] = useState<ListingRequest | null>(null);
  const [deleting, setDeleting] = useState<ListingRequest | null>(null);
  const canWrite = allows(auth.permissions, listingRequestResource.module);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['get', path] });
    void client.invalidateQueries({ queryKey: ['list'] });
  };
  useNotice(id);

  return (
    <>
      <ResourceDetail<ListingRequest>
        resource={listingRequestResource}
        path={path}
        render={{
          marketplace: (r) =>
            marketplaceWithIcon(r.marketplace, renderField(listingRequestResource, 'marketplace', r, display)),
          // the listing's own status beside it
          listing: (r) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {renderField(listingRequestResource, 'listing', r, display)}
              <StatusChip status={r.listing?.status} machine={listingResource.machine} />
            </Box>
          ),
          assignee: (r) =>
            r.assignee && r.assignee.id === auth.user?.id
              ? `Me (${r.assignee.name ?? r.assignee.id})`
              : renderField(listingRequestResource, 'assignee', r, display),
        }}
        actions={{ assign: { onClick: (r) => setAssigning(r) } }}
        tabs={[{ id: 'conversation', label: 'Conversation', render: (r) => <ConversationTab instanceId={r.id} /> }]}
        buttons={(r) =>
          canWrite && r.status === 'draft' && r.vendor.id === auth.account.id ? (
            <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(r)}>
              Delete
            </Button>
          ) : null
        }
      />
      <AssignUserDialog
        open={!!assigning}
        title="Assign request"
        label="Assignee"
        helperText="Who in your account handles this request."
        current={assigning?.assignee}
        onClose={() => setAssigning(null)}
        onAssign={async (user) => {
          const r = await api.post<ListingRequest>(`/listing-requests/${assigning!.id}/assign`, { assignee: user });
          notify(
            'success',
            `Assigned to ${r.assignee?.id === auth.user?.id ? 'you' : (r.assignee?.name ?? r.assignee?.id)}.`,
          );
          void refresh();
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete draft"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(path);
          notify('success', `Draft ${deleting!.id} was deleted.`);
          await refresh();
        }}
      >
        {deleting && (
          <>
            Delete the draft request {deleting.id} for <b>{deleting.product.name}</b>? This cannot be undone.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
