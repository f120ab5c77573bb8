import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hubResource, type Hub } from '@trellis/domain/distribution/hub';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from './common/data.ts';
import { useNotice } from './common/useNotice.ts';
import { HubDialog } from './hubs/HubDialog.tsx';

/** The hub's name with its id under it; the other columns are the declared ones. */
const RENDER = {
  name: (h: Hub) => (
    <Box>
      <Box sx={{ fontWeight: 500 }}>{h.name}</Box>
      <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{h.id}</Box>
    </Box>
  ),
};

/** A provider's hubs: the systems that provision its marketplaces' orders, where vendors connect their products. */
export default function HubsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = auth.account.type === 'provider' && allows(auth.permissions, hubResource.module);
  usePageChrome({ title: 'Hubs' });
  useNotice();

  return (
    <>
      <ResourceTable<Hub>
        resource={hubResource}
        noun="hubs"
        render={RENDER}
        rowLink={(h) => pathTo('hubs.details', { id: h.id })}
        toolbar={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create hub
            </Button>
          )
        }
      />
      <HubDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(h) => {
          setCreating(false);
          navigate(pathTo('hubs.details', { id: h.id }), {
            state: {
              notice: { severity: 'success', content: `Hub ${h.name} (${h.id}) was created.` },
            } satisfies NoticeState,
          });
        }}
      />
    </>
  );
}
