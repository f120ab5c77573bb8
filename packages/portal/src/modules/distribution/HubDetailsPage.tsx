import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hubMarketplaceResource, hubResource, type Hub, type HubMarketplace } from '@trellis/domain/distribution/hub';
import { hubConnectionResource, type Connection } from '@trellis/domain/distribution/connection';
import { allows } from '@trellis/domain/identity/modules';
import { formatDate } from '@trellis/domain/format/date';
import { api } from '../../api/client.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { ResourceTable, type Column } from '../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { notify, type NoticeState } from './common/data.ts';
import { refText } from './common/RefLink.tsx';
import { useNotice } from './common/useNotice.ts';
import { HubDialog } from './hubs/HubDialog.tsx';

const CONNECTION_COLUMNS: Column<Connection>[] = [
  { field: 'id', label: 'ID' },
  { field: 'product.name', label: 'Product' },
  { field: 'vendor.name', label: 'Vendor' },
  { field: 'type', label: 'Type', render: (c) => statusLabel(c.type) },
  { field: 'status', label: 'Status', render: (c) => <StatusChip status={c.status} /> },
  { field: 'created_at', label: 'Created' },
];

/** One hub: its instance, the marketplaces it serves and the products connected to it; the owner edits or deletes it. */
export default function HubDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const path = `${hubResource.path}/${id}`;
  const [editing, setEditing] = useState<Hub | null>(null);
  const [deleting, setDeleting] = useState<Hub | null>(null);
  const hour12 = auth.user?.timeformat === '12h';
  const owns = (h: Hub) => h.company.id === auth.account.id && allows(auth.permissions, hubResource.module);
  useNotice(id);

  return (
    <>
      <ResourceDetail<Hub>
        resource={hubResource}
        path={path}
        items={(h) => [
          { label: 'ID', value: h.id },
          { label: 'Name', value: h.name },
          { label: 'Description', value: h.description },
          { label: 'Owner', value: refText(h.company) },
          { label: 'Instance type', value: h.instance.type },
          { label: 'Instance ID', value: h.instance.id },
          { label: 'Version', value: h.version },
          { label: 'Extension version', value: h.extension_version },
          {
            label: 'Last health check',
            value: h.last_health_check ? formatDate(h.last_health_check, { hour12 }) : 'Never',
          },
          { label: 'Marketplaces', value: String(h.stats?.marketplaces ?? 0) },
          { label: 'Active connections', value: String(h.stats?.connections ?? 0) },
          {
            label: 'Created',
            value: [formatDate(h.events.created?.at, { hour12 }), h.events.created?.by?.name]
              .filter(Boolean)
              .join(' by '),
          },
          { label: 'Updated', value: formatDate(h.events.updated?.at, { hour12 }) },
        ]}
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
              <ResourceTable<HubMarketplace>
                resource={hubMarketplaceResource}
                path={`/hubs/${id}/marketplaces`}
                stateKey="hub-marketplaces"
                noun="marketplaces"
                columns={[
                  { field: 'id', label: 'ID' },
                  { field: 'name', label: 'Name' },
                  { field: 'external_id', label: 'External ID' },
                ]}
                rowLink={(m) => pathTo('marketplaces.details', { id: m.id })}
              />
            ),
          },
          {
            id: 'connections',
            label: 'Connections',
            render: () => (
              <ResourceTable<Connection>
                resource={hubConnectionResource}
                path={`/hubs/${id}/connections`}
                stateKey="hub-connections"
                noun="connections"
                columns={CONNECTION_COLUMNS}
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
