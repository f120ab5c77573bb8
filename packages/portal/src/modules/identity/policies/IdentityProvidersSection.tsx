import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { idpResource, type Idp } from '@trellis/domain/identity/idp';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { idpDetail, IdpCreateForm } from '../sso/forms.ts';

/** Settings › Users › Policies: the account's identity providers (SAML 2.0, OpenID Connect). */
export function IdentityProvidersSection() {
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  if (!allows(auth.permissions, idpResource.module)) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Identity providers
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Where your organisation’s users sign in with single sign-on (SAML 2.0 or OpenID Connect). Link one to a
          verified domain, or offer it on the login page through an SSO service.
        </Typography>
        <ResourceTable<Idp>
          key="idps"
          resource={idpResource}
          stateKey="idps"
          noun="identity providers"
          rowLink={(i) => idpDetail(i.id)}
          toolbar={
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add identity provider
            </Button>
          }
        />
        <SchemaFormDialog
          open={adding}
          title="Add an identity provider"
          submitLabel="Add"
          schema={IdpCreateForm}
          defaults={{ type: 'saml' }}
          intro="Its settings (addresses, certificate or client) are filled in on the next page."
          onClose={() => setAdding(false)}
          onSubmit={async (body) => {
            const made = await api.post<Idp>(idpResource.path, body);
            await refetchAfterWrite(client, {});
            setAdding(false);
            navigate(idpDetail(made.id));
          }}
        />
      </CardContent>
    </Card>
  );
}
