import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { marketplaceResource, type Marketplace } from '@trellis/domain/distribution/marketplace';
import { listingResource, type Listing } from '@trellis/domain/distribution/listing';
import { allows } from '@trellis/domain/identity/modules';
import type { FieldDisplay } from '@trellis/domain/resource/fields';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { api } from '../../api/client.ts';
import { useGet } from '../../api/hooks.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { renderKind } from '../../components/display/FieldValue.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { notify, type NoticeState } from './common/data.ts';
import { CountryChips, NoCountryAlert } from './common/Marketplace.tsx';
import { useDisplay } from './common/display.ts';
import { useNotice } from './common/useNotice.ts';
import { MarketplaceDialog } from './marketplaces/MarketplaceDialog.tsx';
import { MarketplaceIconUpload } from './marketplaces/MarketplaceIconUpload.tsx';
import { listingRender } from './listings/columns.tsx';

/** Each of a marketplace's hubs reads as a reference to the hub. */
const HUB: FieldDisplay = { label: 'Hub', kind: 'ref', route: 'hubs.details' };

/** One marketplace: icon (the owner uploads it), countries, currencies, hubs, its listings; the owner edits or deletes it. */
export default function MarketplaceDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const display = useDisplay();
  const path = `${marketplaceResource.path}/${id}`;
  // the same query ResourceDetail makes (shared cache): the §8 message goes above the page
  const marketplace = useGet<Marketplace>(path).data;
  const [editing, setEditing] = useState<Marketplace | null>(null);
  const [deleting, setDeleting] = useState<Marketplace | null>(null);
  const owns = (m: Marketplace) =>
    m.owner.id === auth.account.id && allows(auth.permissions, marketplaceResource.module);
  const listingsBase = (q: RqlBuilder) => q.eq('marketplace.id', id);
  useNotice(id);

  return (
    <Stack spacing={2}>
      {marketplace && <NoCountryAlert marketplace={marketplace} />}
      <ResourceDetail<Marketplace>
        resource={marketplaceResource}
        path={path}
        render={{
          icon: (m) => <MarketplaceIconUpload marketplaceId={m.id} icon={m.icon} name={m.name} canEdit={owns(m)} />,
          countries: (m) => <CountryChips marketplace={m} />,
          hubs: (m) =>
            m.hubs.length ? (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                {m.hubs.map((h) => (
                  <span key={h.hub.id}>
                    {renderKind(HUB, h.hub, m, display)}
                    {h.external_id && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' '}
                        · known there as {h.external_id}
                      </Box>
                    )}
                  </span>
                ))}
              </Box>
            ) : null,
        }}
        extra={(m) => [
          { label: 'Other currencies', value: [m.alt_currency_1, m.alt_currency_2].filter(Boolean).join(', ') },
        ]}
        buttons={(m) =>
          owns(m) ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setEditing(m)}>
                Edit
              </Button>
              <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(m)}>
                Delete
              </Button>
            </>
          ) : null
        }
        tabs={[
          {
            id: 'listings',
            label: 'Listings',
            render: () => (
              <ResourceTable<Listing>
                key="listings"
                resource={listingResource}
                stateKey="marketplace-listings"
                noun="listings"
                render={listingRender}
                base={listingsBase}
                rowLink={(l) => pathTo('listings.directory.details', { id: l.id })}
              />
            ),
          },
        ]}
      />
      <MarketplaceDialog
        open={!!editing}
        marketplace={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', 'Marketplace saved.');
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete marketplace"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(path);
          navigate(pathTo('marketplaces'), {
            state: {
              notice: { severity: 'success', content: `Marketplace ${deleting!.name} was deleted.` },
            } satisfies NoticeState,
          });
        }}
      >
        {deleting && (
          <>
            Delete the marketplace <b>{deleting.name}</b>? This cannot be undone.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
