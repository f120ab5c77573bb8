import { useParams } from 'react-router';
import { partnerProductResource, partnerResource, type Partner } from '@trellis/domain/distribution/partner';
import { listingResource, type Listing } from '@trellis/domain/distribution/listing';
import type { ProductVersion } from '@trellis/domain/catalog/product';
import { formatDate } from '@trellis/domain/format/date';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { useNotice } from './common/useNotice.ts';
import { listingColumns } from './listings/columns.tsx';
import { invitationText } from './partners/partner.tsx';

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
  const path = `${partnerResource.path}/${id}`;
  const hour12 = auth.user?.timeformat === '12h';
  const side = auth.account.type;
  const me = auth.account.id;
  const listingsBase = (q: RqlBuilder) => q.eq(side === 'vendor' ? 'provider.id' : 'vendor.id', id);
  useNotice(id);

  return (
    <ResourceDetail<Partner>
      resource={partnerResource}
      path={path}
      items={(p) => [
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
      tabs={[
        {
          id: 'catalogue',
          label: 'Catalogue',
          render: (p) => (
            <ResourceTable<ProductVersion>
              resource={partnerProductResource}
              path={`/partners/${p.id}/products`}
              stateKey="partner-products"
              noun="products"
              columns={PRODUCT_COLUMNS}
              // a vendor sees its own products here; a provider may not open a product that is not listed or connected for it
              rowLink={side === 'vendor' ? (v) => pathTo('product', { id: v.id, tab: 'general' }) : undefined}
            />
          ),
        },
        {
          id: 'listings',
          label: 'Listings',
          render: () => (
            <ResourceTable<Listing>
              resource={listingResource}
              stateKey="partner-listings"
              noun="listings"
              columns={listingColumns(side)}
              base={listingsBase}
              rowLink={(l) => pathTo('listings.directory.details', { id: l.id })}
            />
          ),
        },
      ]}
    />
  );
}
