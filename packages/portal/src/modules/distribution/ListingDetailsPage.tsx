import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  listingRequestResource,
  listingResource,
  type Listing,
  type ListingRequest,
} from '@trellis/domain/distribution/listing';
import { allows } from '@trellis/domain/identity/modules';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { RefLink, refUrl, renderField } from '../../components/display/FieldValue.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from './common/data.ts';
import { useDisplay } from './common/display.ts';
import { useNotice } from './common/useNotice.ts';
import { marketplaceWithIcon, requestSummary } from './listings/columns.tsx';
import { RequestListingDialog } from './listings/RequestListingDialog.tsx';

/** One listing (a product in a marketplace): its status, the request in progress, its history; the vendor asks to list or remove it. */
export default function ListingDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const display = useDisplay();
  const path = `${listingResource.path}/${id}`;
  const [removing, setRemoving] = useState<Listing | null>(null);
  const [relisting, setRelisting] = useState<Listing | null>(null);
  const side = auth.account.type;
  const vendorMay = (l: Listing) =>
    side === 'vendor' &&
    l.vendor.id === auth.account.id &&
    !l.pending_request &&
    allows(auth.permissions, listingRequestResource.module);
  const requestsBase = (q: RqlBuilder) => q.eq('listing.id', id);
  const toRequest = (r: ListingRequest, content: string) =>
    navigate(pathTo('listings.requests.details', { id: r.id }), {
      state: { notice: { severity: 'success', content } } satisfies NoticeState,
    });
  useNotice(id);

  return (
    <>
      <ResourceDetail<Listing>
        resource={listingResource}
        path={path}
        render={{
          marketplace: (l) =>
            marketplaceWithIcon(l.marketplace, renderField(listingResource, 'marketplace', l, display)),
          pending_request: (l) =>
            l.pending_request ? (
              <RefLink to={refUrl(listingResource.fields!.pending_request, l.pending_request, l, display.access)}>
                {l.pending_request.id} ({requestSummary(l.pending_request)})
              </RefLink>
            ) : (
              renderField(listingResource, 'pending_request', l, display)
            ),
        }}
        buttons={(l) =>
          vendorMay(l) ? (
            l.status === 'listed' ? (
              <Button variant="outlined" size="small" color="error" onClick={() => setRemoving(l)}>
                Request removal
              </Button>
            ) : (
              <Button variant="outlined" size="small" onClick={() => setRelisting(l)}>
                Request listing
              </Button>
            )
          ) : null
        }
        tabs={[
          {
            id: 'requests',
            label: 'Requests',
            render: () => (
              <ResourceTable<ListingRequest>
                resource={listingRequestResource}
                key="requests"
                stateKey="listing-requests-of-listing"
                noun="requests"
                base={requestsBase}
                rowLink={(r) => pathTo('listings.requests.details', { id: r.id })}
              />
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={!!removing}
        title="Request removal"
        confirmLabel="Request removal"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const l = removing!;
          const draft = await api.post<ListingRequest>('/listing-requests', { type: 'remove', listing_id: l.id });
          try {
            const sent = await api.post<ListingRequest>(`/listing-requests/${draft.id}/submit`);
            toRequest(sent, `Removal request ${sent.id} was sent to ${l.provider.name ?? l.provider.id} for review.`);
          } catch (err) {
            // the draft exists: show it with the reason it was not sent
            navigate(pathTo('listings.requests.details', { id: draft.id }), {
              state: {
                notice: {
                  severity: 'error',
                  content: `Removal request ${draft.id} was saved as a draft but not sent: ${errorMessage(err)}`,
                },
              } satisfies NoticeState,
            });
          }
        }}
      >
        {removing && (
          <>
            Ask {removing.provider.name ?? removing.provider.id} to take <b>{removing.product.name}</b> off{' '}
            <b>{removing.marketplace.name}</b>? The request is sent for review at once; the product stays listed until
            the provider completes it.
          </>
        )}
      </ConfirmDialog>
      <RequestListingDialog
        open={!!relisting}
        productId={relisting?.product.id}
        marketplaceId={relisting?.marketplace.id}
        onClose={() => setRelisting(null)}
        onCreated={(r) => {
          setRelisting(null);
          toRequest(
            r,
            `Listing request ${r.id} was created as a draft: submit it to send it to ${r.provider.name ?? r.provider.id}.`,
          );
        }}
      />
    </>
  );
}
