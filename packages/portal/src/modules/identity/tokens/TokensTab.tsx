import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { tokenResource, type Token } from '@trellis/domain/identity/token';
import { pathTo } from '../../../app/routes.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';

const detail = (id: string) => pathTo('settings.users.tokens.details', { id });

/** Settings › Users › API tokens: list, create (the new key is shown once). */
export function TokensTab({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Token | null>(null);
  return (
    <>
      <ResourceTable<Token>
        key="tokens"
        resource={tokenResource}
        noun="API tokens"
        rowLink={(t) => detail(t.id!)}
        toolbar={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create token
            </Button>
          )
        }
      />
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(t) => {
          setCreating(false);
          setCreated(t);
        }}
      />
      <SecretDialog
        title="API token created"
        secret={created?.token ?? null}
        intro={
          created && (
            <>
              The token <b>{created.name}</b> ({created.id}) is active.
            </>
          )
        }
        extraAction={created && <Button onClick={() => navigate(detail(created.id))}>Open token</Button>}
        onClose={() => setCreated(null)}
      />
    </>
  );
}
