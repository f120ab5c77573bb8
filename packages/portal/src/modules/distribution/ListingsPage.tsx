import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  listingRequestResource,
  listingResource,
  type Listing,
  type ListingRequest,
} from '@trellis/domain/distribution/listing';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { pathTo, routeByName } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from './common/data.ts';
import { useNotice } from './common/useNotice.ts';
import { listingRender } from './listings/columns.tsx';
import { RequestListingDialog } from './listings/RequestListingDialog.tsx';

const ROUTE = 'listings';

/** Listings (the directory of products in marketplaces) and the listing requests that change them, as tabs. */
export default function ListingsPage() {
  const auth = useAuth();
  const { tab } = useParams();
  const navigate = useNavigate();
  const [requesting, setRequesting] = useState(false);
  const tabs = routeByName(ROUTE).tabs!;
  const active = tabs.find((t) => t.id === tab)?.id;
  const side = auth.account.type;
  const canRequest = side === 'vendor' && allows(auth.permissions, listingRequestResource.module);
  usePageChrome(
    {
      title: 'Listings',
      tabs: tabs.map((t) => ({ id: t.id, label: t.label, to: pathTo(ROUTE, { tab: t.id }) })),
      activeTab: active ?? null,
    },
    [active],
  );
  useNotice(active);

  if (!active) return <Navigate to={pathTo(ROUTE, { tab: tabs[0].id })} replace />;
  const toolbar = canRequest && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRequesting(true)}>
      Request listing
    </Button>
  );
  return (
    <>
      {active === 'directory' ? (
        <ResourceTable<Listing>
          key="directory"
          resource={listingResource}
          noun="listings"
          render={listingRender}
          toolbar={toolbar}
          rowLink={(l) => pathTo('listings.directory.details', { id: l.id })}
        />
      ) : (
        <ResourceTable<ListingRequest>
          key="requests"
          resource={listingRequestResource}
          noun="listing requests"
          toolbar={toolbar}
          assigneeField={side === 'provider' ? 'assignee.id' : undefined}
          rowLink={(r) => pathTo('listings.requests.details', { id: r.id })}
        />
      )}
      <RequestListingDialog
        open={requesting}
        onClose={() => setRequesting(false)}
        onCreated={(r) => {
          setRequesting(false);
          navigate(pathTo('listings.requests.details', { id: r.id }), {
            state: {
              notice: {
                severity: 'success',
                content: `Listing request ${r.id} was created as a draft: submit it to send it to ${r.provider.name ?? r.provider.id}.`,
              },
            } satisfies NoticeState,
          });
        }}
      />
    </>
  );
}
