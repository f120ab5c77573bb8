import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hubMarketplaceResource, hubResource, type Hub, type HubMarketplace } from '@trellis/domain/distribution/hub';
import { hubConnectionResource, type Connection } from '@trellis/domain/distribution/connection';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../api/client.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { notify, type NoticeState } from './common/data.ts';
import { useNotice } from './common/useNotice.ts';
import { HubDialog } from './hubs/HubDialog.tsx';

/** One hub: its instance, the marketplaces it serves and the products connected to it; the owner edits or deletes it. */
export default function HubDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const path = `${hubResource.path}/${id}`;
  const [editing, setEditing] = useState<Hub | null>(null);
  const [deleting, setDeleting] = useState<Hub | null>(null);
  const owns = (h: Hub) => h.company.id === auth.account.id && allows(auth.permissions, hubResource.module);
  useNotice(id);

  return (
    <>
      <ResourceDetail<Hub>
        resource={hubResource}
        path={path}
        buttons={(h) =>
          owns(h) ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setEditing(h)}>
                Edit
              </Button>
              <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(h)}>
                Delete
              </Button>
            </>
          ) : null
        }
        tabs={[
          {
            id: 'marketplaces',
            label: 'Marketplaces',
            render: () => (
              // a key per tab: the tables of two tabs are not one table with other rows
              <ResourceTable<HubMarketplace>
                key="marketplaces"
                resource={hubMarketplaceResource}
                path={`/hubs/${id}/marketplaces`}
                stateKey="hub-marketplaces"
                noun="marketplaces"
                rowLink={(m) => pathTo('marketplaces.details', { id: m.id })}
              />
            ),
          },
          {
            id: 'connections',
            label: 'Connections',
            render: () => (
              <ResourceTable<Connection>
                key="connections"
                resource={hubConnectionResource}
                path={`/hubs/${id}/connections`}
                stateKey="hub-connections"
                noun="connections"
              />
            ),
          },
        ]}
      />
      <HubDialog
        open={!!editing}
        hub={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', 'Hub saved.');
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete hub"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(path);
          navigate(pathTo('hubs'), {
            state: {
              notice: { severity: 'success', content: `Hub ${deleting!.name} was deleted.` },
            } satisfies NoticeState,
          });
        }}
      >
        {deleting && (
          <>
            Delete the hub <b>{deleting.name}</b>? This cannot be undone.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
