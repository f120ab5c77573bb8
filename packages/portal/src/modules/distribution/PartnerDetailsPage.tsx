import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { partnerProductResource, partnerResource, type Partner } from '@trellis/domain/distribution/partner';
import { listingResource, type Listing } from '@trellis/domain/distribution/listing';
import type { ProductVersion } from '@trellis/domain/catalog/product';
import { formatDate } from '@trellis/domain/format/date';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { api } from '../../api/client.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { notify } from './common/data.ts';
import { useNotice } from './common/useNotice.ts';
import { listingColumns } from './listings/columns.tsx';
import { invitationText, invitedMe } from './partners/partner.tsx';

const PRODUCT_COLUMNS: Column<ProductVersion>[] = [
  { field: 'id', label: 'ID' },
  { field: 'name', label: 'Product' },
  { field: 'version', label: 'Version' },
  { field: 'category.name', label: 'Category' },
  { field: 'short_description', label: 'Description' },
];

/** One partner: the relation's status with the actions of this side (the invited side accepts; either removes), its catalogue and listings. */
export default function PartnerDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const client = useQueryClient();
  const path = `${partnerResource.path}/${id}`;
  const [removing, setRemoving] = useState<Partner | null>(null);
  const hour12 = auth.user?.timeformat === '12h';
  const side = auth.account.type;
  const me = auth.account.id;
  const listingsBase = (q: RqlBuilder) => q.eq(side === 'vendor' ? 'provider.id' : 'vendor.id', id);
  useNotice(id);

  return (
    <>
      <ResourceDetail<Partner> resource={partnerResource} path={path}
        fields={(p) => [
          { label: 'ID', value: p.id },
          { label: 'Name', value: p.name },
          { label: 'Type', value: statusLabel(p.type) },
          { label: 'Role', value: statusLabel(p.role) },
          { label: 'Status', value: <StatusChip status={p.status} /> },
          { label: 'Description', value: p.description },
          { label: 'Invitation', value: `${invitationText(p, me)}, ${formatDate(p.invitation.at, { hour12 })}` },
          { label: 'Accepted', value: formatDate(p.events.accepted?.at, { hour12 }) },
          { label: 'Listed products', value: String(p.stats.listings) },
        ]}
        // only the invited side accepts; either side ends the partnership
        canRun={(action, p) => action !== 'accept' || invitedMe(p, me)}
        actionMessage={(action, answer) => (action === 'accept' ? `You are now partners with ${(answer as Partner).name}.` : undefined)}
        onAction={(action, p) => {
          if (action !== 'remove') return false;
          setRemoving(p);
          return true;
        }}
        tabs={[
          { id: 'catalogue', label: 'Catalogue', render: (p) => (
            <ResourceTable<ProductVersion> resource={partnerProductResource} path={`/partners/${p.id}/products`} stateKey="partner-products"
              noun="products" columns={PRODUCT_COLUMNS}
              // a vendor sees its own products here; a provider may not open a product that is not listed or connected for it
              rowLink={side === 'vendor' ? (v) => pathTo('product', { id: v.id, tab: 'general' }) : undefined} />
          ) },
          { id: 'listings', label: 'Listings', render: () => (
            <ResourceTable<Listing> resource={listingResource} stateKey="partner-listings" noun="listings" columns={listingColumns(side)}
              base={listingsBase} rowLink={(l) => pathTo('listings.directory.details', { id: l.id })} />
          ) },
        ]} />
      <ConfirmDialog open={!!removing} title="Remove partner" confirmLabel="Remove partner" destructive onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await api.post(`${path}/remove`);
          notify('success', `${removing!.name} is no longer a partner.`);
          await client.invalidateQueries({ queryKey: ['get', path] });
          void client.invalidateQueries({ queryKey: ['list'] });
        }}>
        {removing && <>End the partnership with <b>{removing.name}</b>? Neither side can start new listings or connections until one invites the other again.</>}
      </ConfirmDialog>
    </>
  );
}
