import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OwnedBrandCreate, OwnedBrandUpdate, type OwnedBrand } from '@trellis/domain/branding/owned-brand';
import { portalResource, PortalCreate, type Portal } from '@trellis/domain/branding/portal';
import { api } from '../../../api/client.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { fillPath } from '../../../components/fillPath.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { useOwnBrand } from '../data.ts';

const detail = (id: string) => pathTo('settings.branding.portals.details', { id });

/** Settings › Branding › Portals: the account's brand (made here the first time) and the hosts that show it. */
export function PortalsTab() {
  const navigate = useNavigate();
  const { brand, error, refetch } = useOwnBrand();
  const [dialog, setDialog] = useState<'brand' | 'edit' | 'portal' | null>(null);
  const createBrand = useWrite<OwnedBrand, Record<string, unknown>>(
    { method: 'POST', path: '/brands' },
    { notice: (b) => `The brand ${b.name} was created. Add a portal to give a host its look.` },
  );
  const editBrand = useWrite<OwnedBrand, Record<string, unknown>>(
    { method: 'PUT', path: () => `/brands/${brand!.id}` },
    { notice: (b) => `The brand ${b.name} was saved.` },
  );

  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (brand === undefined) return <Skeleton variant="rounded" height={160} />;

  const dialogs = (
    <>
      <SchemaFormDialog
        open={dialog === 'brand'}
        title="Create brand"
        submitLabel="Create"
        schema={OwnedBrandCreate}
        intro="A brand gives your portals their own title, colours, logo and links. Your account has one brand."
        onSubmit={(body) => createBrand.mutateAsync(body)}
        onClose={() => setDialog(null)}
      />
      {brand && (
        <>
          <SchemaFormDialog
            open={dialog === 'edit'}
            title="Edit brand"
            submitLabel="Save"
            schema={OwnedBrandUpdate}
            defaults={{ name: brand.name, subdomain: brand.subdomain }}
            onSubmit={(body) => editBrand.mutateAsync(body)}
            onClose={() => setDialog(null)}
          />
          <SchemaFormDialog
            open={dialog === 'portal'}
            title="Add portal"
            submitLabel="Add"
            schema={PortalCreate}
            intro="The portal answers on its host with your brand's look; you set the look on its Theme tab."
            onSubmit={async (body) => {
              const made = await api.post<Portal>(`/brands/${brand.id}/portals`, body);
              notify('success', `The portal ${made.domains} was added.`);
              navigate(`${detail(made.id)}?tab=theme`);
            }}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </>
  );

  if (!brand) {
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={<PaletteOutlinedIcon />}
          title="No brand yet"
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('brand')}>
              Create brand
            </Button>
          }
        >
          Your portals show the installation's look. Create your brand to give them your own title, colours, logo,
          favicons and links; accounts you manage show it too, until they make their own.
        </EmptyState>
        {dialogs}
      </Paper>
    );
  }

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2">
            {brand.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Brand {brand.id} · subdomain {brand.subdomain}
          </Typography>
        </Box>
        <Button startIcon={<EditOutlinedIcon />} onClick={() => setDialog('edit')}>
          Edit brand
        </Button>
      </Paper>
      <ResourceTable<Portal>
        key="portals"
        resource={portalResource}
        path={fillPath(portalResource.path, { brandId: brand.id })}
        noun="portals"
        render={{ title: (p) => p.title || brand.name }}
        rowLink={(p) => detail(p.id)}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('portal')}>
            Add portal
          </Button>
        }
      />
      {dialogs}
    </>
  );
}
