import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { marketplaceResource, type Marketplace } from '@trellis/domain/distribution/marketplace';
import { allows } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import type { NoticeState } from './common/data.ts';
import { CountryCodes, MarketplaceAvatar } from './common/Marketplace.tsx';
import { useNotice } from './common/useNotice.ts';
import { MarketplaceDialog } from './marketplaces/MarketplaceDialog.tsx';

/** The marketplace with its icon, and its countries (or the §8 warning); the other columns are the declared ones. */
const RENDER = {
  name: (m: Marketplace) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <MarketplaceAvatar icon={m.icon} name={m.name} />
      <Box>
        <Box sx={{ fontWeight: 500 }}>{m.name}</Box>
        <Box sx={{ color: 'text.secondary', fontSize: 12, fontFamily: 'monospace' }}>{m.id}</Box>
      </Box>
    </Box>
  ),
  countries: (m: Marketplace) => <CountryCodes marketplace={m} />,
};

/** Marketplaces: a provider's own (it creates them here); a vendor's, those of its partners it can list in. */
export default function MarketplacesPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = auth.account.type === 'provider' && allows(auth.permissions, marketplaceResource.module);
  usePageChrome({ title: 'Marketplaces' });
  useNotice();

  return (
    <>
      <ResourceTable<Marketplace>
        resource={marketplaceResource}
        noun="marketplaces"
        render={RENDER}
        rowLink={(m) => pathTo('marketplaces.details', { id: m.id })}
        toolbar={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create marketplace
            </Button>
          )
        }
      />
      <MarketplaceDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(m) => {
          setCreating(false);
          navigate(pathTo('marketplaces.details', { id: m.id }), {
            state: {
              notice: { severity: 'success', content: `Marketplace ${m.name} (${m.id}) was created.` },
            } satisfies NoticeState,
          });
        }}
      />
    </>
  );
}
