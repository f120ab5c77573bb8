import { useParams } from 'react-router';
import { partnerProductResource, partnerResource, type Partner } from '@trellis/domain/distribution/partner';
import { listingResource, type Listing } from '@trellis/domain/distribution/listing';
import type { ProductVersion } from '@trellis/domain/catalog/product';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { renderField } from '../../components/display/FieldValue.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { useDisplay } from './common/display.ts';
import { useNotice } from './common/useNotice.ts';
import { listingRender } from './listings/columns.tsx';
import { invitationText } from './partners/partner.tsx';

/** One partner: the relation's status with the actions of this side (the invited side accepts; either removes), its catalogue and listings. */
export default function PartnerDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const display = useDisplay();
  const path = `${partnerResource.path}/${id}`;
  const side = auth.account.type;
  const listingsBase = (q: RqlBuilder) => q.eq(side === 'vendor' ? 'provider.id' : 'vendor.id', id);
  useNotice(id);

  return (
    <ResourceDetail<Partner>
      resource={partnerResource}
      path={path}
      render={{
        'invitation.at': (p) => (
          <>
            {`${invitationText(p, auth.account.id)}, `}
            {renderField(partnerResource, 'invitation.at', p, display)}
          </>
        ),
      }}
      tabs={[
        {
          id: 'catalogue',
          label: 'Catalogue',
          render: (p) => (
            // a key per tab: the tables of two tabs are not one table with other rows
            <ResourceTable<ProductVersion>
              key="catalogue"
              resource={partnerProductResource}
              path={`/partners/${p.id}/products`}
              stateKey="partner-products"
              noun="products"
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
              key="listings"
              resource={listingResource}
              stateKey="partner-listings"
              noun="listings"
              render={listingRender}
              base={listingsBase}
              rowLink={(l) => pathTo('listings.directory.details', { id: l.id })}
            />
          ),
        },
      ]}
    />
  );
}
