import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { IDP_TYPE_LABELS, idpResource, type Idp } from '@trellis/domain/identity/idp';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { IDP_CREATABLE_TYPES, idpCreateBody, idpCreateForm, idpDetail, type CreatableIdpType } from '../sso/forms.ts';

/** Settings › Users › Policies: the account's identity providers (SAML 2.0, OpenID Connect). */
export function IdentityProvidersSection() {
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [adding, setAdding] = useState<CreatableIdpType | null>(null);
  const schema = useMemo(() => idpCreateForm(adding ?? 'saml'), [adding]);
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
          toolbar={IDP_CREATABLE_TYPES.map((t) => (
            <Button key={t} variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(t)}>
              Add {IDP_TYPE_LABELS[t]} provider
            </Button>
          ))}
        />
        <SchemaFormDialog
          open={!!adding}
          title={`Add ${adding ? IDP_TYPE_LABELS[adding] : ''} provider`}
          submitLabel="Add"
          schema={schema}
          intro={
            adding === 'openid'
              ? 'The provider’s issuer and the client registered there for this portal. Its page then shows the redirect URI to register.'
              : 'The provider’s sign-in URL and signing certificate. Its page then shows the service provider metadata and ACS URL to register.'
          }
          onClose={() => setAdding(null)}
          onSubmit={async (body) => {
            const made = await api.post<Idp>(idpResource.path, idpCreateBody(adding!, body));
            await refetchAfterWrite(client, {});
            setAdding(null);
            navigate(idpDetail(made.id));
          }}
        />
      </CardContent>
    </Card>
  );
}
