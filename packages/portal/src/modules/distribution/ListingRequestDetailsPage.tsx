import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { listingRequestResource, type ListingRequest } from '@trellis/domain/distribution/listing';
import { allows } from '@trellis/domain/identity/modules';
import { formatDate } from '@trellis/domain/format/date';
import { api } from '../../api/client.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { notify } from './common/data.ts';
import { MarketplaceAvatar } from './common/Marketplace.tsx';
import { RefLink, refText, useRouteUrl } from './common/RefLink.tsx';
import { useNotice } from './common/useNotice.ts';
import { AssignDialog } from './listings/AssignDialog.tsx';

/**
 * One listing request with the actions its status allows this side: the vendor submits or deletes a draft; the
 * marketplace's provider deploys, completes, cancels, sends it back to refine, and assigns it.
 */
export default function ListingRequestDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const client = useQueryClient();
  const urlOf = useRouteUrl();
  const path = `${listingRequestResource.path}/${id}`;
  const [assigning, setAssigning] = useState<ListingRequest | null>(null);
  const [deleting, setDeleting] = useState<ListingRequest | null>(null);
  const hour12 = auth.user?.timeformat === '12h';
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
        items={(r) => [
          { label: 'ID', value: r.id },
          { label: 'Type', value: statusLabel(r.type) },
          { label: 'Status', value: <StatusChip status={r.status} /> },
          {
            label: 'Product',
            value: <RefLink to={urlOf('product', { id: r.product.id, tab: 'general' })}>{refText(r.product)}</RefLink>,
          },
          { label: 'Product version', value: r.product.version ? String(r.product.version) : null },
          {
            label: 'Marketplace',
            value: (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <MarketplaceAvatar icon={r.marketplace.icon} name={r.marketplace.name} size={24} />
                <RefLink to={urlOf('marketplaces.details', { id: r.marketplace.id })}>{refText(r.marketplace)}</RefLink>
              </Box>
            ),
          },
          {
            label: 'Listing',
            value: r.listing ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <RefLink to={pathTo('listings.directory.details', { id: r.listing.id })}>{r.listing.id}</RefLink>
                <StatusChip status={r.listing.status} />
              </Box>
            ) : (
              'Made when the request is submitted'
            ),
          },
          { label: 'Vendor', value: refText(r.vendor) },
          { label: 'Provider', value: refText(r.provider) },
          { label: 'Created by', value: r.creator?.name ?? r.creator?.id },
          {
            label: 'Assignee',
            value: r.assignee
              ? r.assignee.id === auth.user?.id
                ? `Me (${r.assignee.name ?? r.assignee.id})`
                : refText(r.assignee)
              : 'Nobody',
          },
          { label: 'Note', value: r.note },
          { label: 'Created', value: formatDate(r.created, { hour12 }) },
          { label: 'Updated', value: formatDate(r.updated, { hour12 }) },
        ]}
        actions={{ assign: { onClick: (r) => setAssigning(r) } }}
        buttons={(r) =>
          canWrite && r.status === 'draft' && r.vendor.id === auth.account.id ? (
            <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(r)}>
              Delete
            </Button>
          ) : null
        }
      />
      <AssignDialog
        request={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={(r) => {
          setAssigning(null);
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
